/**
 * The no-federation baseline of the web bench: the same shell source with every
 * remote's exposed pages compiled in as lazy routes (one Vite build, one copy
 * of React, the router and the store, no Module Federation runtime). Built only
 * for `npm run bench:web`; never deployed.
 *
 * The shell's two federation files are swapped for local ones: `registry.ts`
 * (remotes.json) becomes a fixed registry, and `load-remote.ts` imports each
 * remote's `src/exposed/<Page>.tsx` with a dynamic import, so every page is its
 * own chunk loaded on first visit, as a plain Vite app would split it.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const ROOT = resolve(import.meta.dirname, '../../..');
const SHELL_REMOTES = resolve(ROOT, 'shell/src/features/remotes');

const SWAPS: Record<string, string> = {
  [resolve(SHELL_REMOTES, 'registry.ts')]: resolve(import.meta.dirname, 'registry.ts'),
  [resolve(SHELL_REMOTES, 'load-remote.ts')]: resolve(import.meta.dirname, 'load-remote.ts'),
};

/** Resolves the shell's registry and loader to the single-bundle versions. */
function swapFederationFiles(): Plugin {
  return {
    name: 'roomnest-bench-single-bundle',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const swap = resolved && SWAPS[resolved.id.split('?')[0] ?? ''];
      return swap && importer !== swap ? swap : null;
    },
  };
}

export default defineConfig({
  root: resolve(ROOT, 'shell'),
  base: process.env.SHELL_BASE ?? '/',
  define: { __MODULE_VERSION__: JSON.stringify(process.env.MODULE_VERSION ?? 'single-bundle') },
  plugins: [swapFederationFiles(), react()],
  logLevel: 'warn',
  build: {
    target: 'es2022',
    outDir: process.env.OUT_DIR ?? resolve(ROOT, '.data/bench-web/single-bundle'),
    emptyOutDir: true,
    assetsInlineLimit: 0,
  },
});
