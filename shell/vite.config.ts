// Relative import: Vite bundles it with the config (a package import would reach Node as raw .ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minify, runnerImport, transformWithOxc, type Plugin } from 'vite';
import { hostConfig } from '../shared/vite/federation.ts';

/** As REMOTES_URL in src/features/remotes/registry.ts (not imported: it loads the federation runtime). */
const REMOTES_URL = '/remotes.json';

/**
 * Compiles src/features/remotes/early-preload.ts, with the route table's
 * remote routes, into one small classic script that index.html loads first
 * (`async`, so it runs the moment it arrives, while the shell's modules are
 * still downloading): the page starts reading /remotes.json and preloading its
 * route's remote before the shell has booted. A file, not an inline script, so
 * a `script-src 'self'` Content Security Policy allows it. Production builds
 * only: the dev servers answer with remoteEntry.js entries, which need no
 * manifest.
 */
function earlyPreload(): Plugin {
  let base = '/';
  let file: { fileName: string; source: string } | null = null;
  const compile = async () => {
    const path = join(import.meta.dirname, 'src/features/remotes/early-preload.ts');
    const { code } = await transformWithOxc(readFileSync(path, 'utf8'), path, { lang: 'ts' });
    // Loaded through Vite, not imported by this file: the route table takes its paths from @roomnest/shared, which
    // would reach Node as raw .ts.
    const table = join(import.meta.dirname, 'src/app/route-table.ts');
    const { module } = await runnerImport<typeof import('./src/app/route-table.ts')>(table, { configFile: false, logLevel: 'warn' });
    const routes = module.remoteRoutes();
    const script = `(function () {\n${code.replace(/^export /gm, '')}\nearlyPreload(${JSON.stringify(routes)}, ${JSON.stringify(REMOTES_URL)});\n})();`;
    const minified = await minify('early-preload.js', script, { compress: true, mangle: true });
    if (minified.errors.length) throw new Error(`early-preload.ts: ${minified.errors.map(String).join('; ')}`);
    const hash = createHash('sha256').update(minified.code).digest('base64url').slice(0, 8);
    return { fileName: `assets/early-preload-${hash}.js`, source: minified.code };
  };
  return {
    name: 'roomnest-early-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    async buildStart() {
      file = await compile();
    },
    generateBundle() {
      if (file) this.emitFile({ type: 'asset', fileName: file.fileName, source: file.source });
    },
    transformIndexHtml() {
      if (!file) return [];
      return [{ tag: 'script', attrs: { src: `${base}${file.fileName}`, async: true }, injectTo: 'head-prepend' }];
    },
  };
}

const config = hostConfig(import.meta.dirname);
config.plugins = [...(config.plugins ?? []), earlyPreload()];

export default config;
