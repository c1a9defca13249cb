import { hostConfig } from '../shared/vite/federation.ts';

export default hostConfig(import.meta.dirname);
