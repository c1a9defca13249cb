import { withHostApi } from '@roomnest/shared/client';
import ModerationPage from '../features/moderation/ModerationPage.tsx';

export default withHostApi(ModerationPage);
