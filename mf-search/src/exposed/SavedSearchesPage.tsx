import { withHostApi } from '@roomnest/shared/client';
import SavedSearchesPage from '../features/saved-searches/SavedSearchesPage.tsx';

export default withHostApi(SavedSearchesPage);
