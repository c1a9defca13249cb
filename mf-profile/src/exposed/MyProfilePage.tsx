import { withHostApi } from '@roomnest/shared/client';
import MyProfilePage from '../features/my-profile/MyProfilePage.tsx';

export default withHostApi(MyProfilePage);
