import { withHostApi } from '@roomnest/shared/client';
import FlatmatesPage from '../features/flatmate-search/FlatmatesPage.tsx';

export default withHostApi(FlatmatesPage);
