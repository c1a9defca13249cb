// Relative import: Vite bundles it with the config (a package import would reach Node as raw .ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minify, transformWithOxc, type Plugin } from 'vite';
import { hostConfig } from '../shared/vite/federation.ts';
import { ROUTE_TABLE } from './src/app/route-table.ts';
import type { EarlyRoute } from './src/features/remotes/early-preload.ts';

/** As REMOTES_URL in src/features/remotes/registry.ts (not imported: it loads the federation runtime). */
const REMOTES_URL = '/remotes.json';

/**
 * Inlines src/features/remotes/early-preload.ts into index.html as a plain
 * script with the route table's remote routes, so the page starts reading
 * /remotes.json and preloading its route's remote before the shell's own
 * scripts have arrived (production builds only: the dev servers answer with
 * remoteEntry.js entries, which need no manifest).
 */
function earlyPreload(): Plugin {
  return {
    name: 'roomnest-early-preload',
    apply: 'build',
    async transformIndexHtml() {
      const file = join(import.meta.dirname, 'src/features/remotes/early-preload.ts');
      const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
      const routes: EarlyRoute[] = ROUTE_TABLE.flatMap((r) => ('remote' in r ? [{ path: r.path, remote: r.remote, module: r.module, guarded: r.guard !== 'public' }] : []));
      const script = `(function () {\n${code.replace(/^export /gm, '')}\nearlyPreload(${JSON.stringify(routes)}, ${JSON.stringify(REMOTES_URL)});\n})();`;
      const minified = await minify('early-preload.js', script, { compress: true, mangle: true });
      if (minified.errors.length) throw new Error(`early-preload.ts: ${minified.errors.map(String).join('; ')}`);
      return [{ tag: 'script', children: minified.code, injectTo: 'head-prepend' }];
    },
  };
}

const config = hostConfig(import.meta.dirname);
config.plugins = [...(config.plugins ?? []), earlyPreload()];

export default config;
