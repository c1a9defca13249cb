// Relative import, as in vite.config.ts.
import { unitTestConfig } from '../shared/vite/federation.ts';

export default unitTestConfig(import.meta.dirname);
