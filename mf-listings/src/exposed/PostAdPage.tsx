import { withHostApi } from '@roomnest/shared/client';
import PostAdPage from '../features/post-ad/PostAdPage.tsx';

export default withHostApi(PostAdPage);
