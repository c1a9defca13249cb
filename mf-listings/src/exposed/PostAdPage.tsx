import { withApis } from '@roomnest/shared/client';
import { listingsApiInjectable } from '../api/listings-api.ts';
import PostAdPage from '../features/post-ad/PostAdPage.tsx';

export default withApis([listingsApiInjectable], PostAdPage);
