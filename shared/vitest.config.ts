import { unitTestConfig } from './vite/federation.ts';

export default unitTestConfig(import.meta.dirname);
