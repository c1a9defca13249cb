import { withApis } from '@roomnest/shared/client';
import { profileApi } from '../api/profile-api.ts';
import MyProfilePage from '../features/my-profile/MyProfilePage.tsx';

export default withApis([profileApi], MyProfilePage);
