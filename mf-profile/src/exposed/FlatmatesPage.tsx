import { withApis } from '@roomnest/shared/client';
import { profileApi } from '../api/profile-api.ts';
import FlatmatesPage from '../features/flatmate-search/FlatmatesPage.tsx';

export default withApis([profileApi], FlatmatesPage);
