// Relative import: Vite bundles it with the config (a package import would reach Node as raw .ts).
import { unitTestConfig } from '../shared/vite/federation.ts';

export default unitTestConfig(import.meta.dirname);
