// Relative import: Vite bundles it with the config (a package import would reach Node as raw .ts).
import { remoteConfig } from '../shared/vite/federation.ts';

export default remoteConfig('mf_moderation', import.meta.dirname);
