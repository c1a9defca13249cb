// Relative import: Vite bundles it with the config (a package import would reach Node as raw .ts).
import { hostConfig } from '../shared/vite/federation.ts';

export default hostConfig(import.meta.dirname);
