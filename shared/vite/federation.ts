/**
 * Build configuration shared by the shell and every remote, so that all of
 * them agree on the federation contract: the shared singletons, the entry
 * file names, the dev ports and the API proxy.
 */
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { REMOTE_EXPOSES, REMOTE_NAMES, type RemoteName, type RemoteRegistry } from '../src/client/contract.ts';

/** The only federated singletons (ARCHITECTURE.md). `@roomnest/shared` is bundled into each app instead. */
export const SHARED_SINGLETONS = ['react', 'react-dom', 'react-router', 'react-router-dom', 'react-redux', '@reduxjs/toolkit', 'react-toastify'] as const;

const shared = Object.fromEntries(SHARED_SINGLETONS.map((name) => [name, { singleton: true }]));

/**
 * 'loaded-first': a singleton already loaded (the shell's React, router, store
 * and toasts) is the one every remote uses, whichever versions the remotes were
 * built with. The runtime's default, 'version-first', may pick a remote's newer
 * copy instead, which would put a second React beside the shell's.
 */
const shareStrategy = 'loaded-first' as const;

/** Dev-server ports: the shell and each remote (`npm run dev`). */
export const DEV_PORTS: Record<'shell' | RemoteName, number> = {
  shell: 5173,
  mf_search: 5101,
  mf_listings: 5102,
  mf_messaging: 5103,
  mf_profile: 5104,
  mf_content: 5105,
};

/** Where the API listens during `npm run dev`. */
export const DEV_API_ORIGIN = process.env.DEV_API_ORIGIN ?? 'http://localhost:3000';

const devProxy = { '/api': DEV_API_ORIGIN, '/uploads': DEV_API_ORIGIN };

/** Version stamped into the bundle, so operations can see what a page runs. */
const buildVersion = process.env.MODULE_VERSION ?? 'dev';

const RUNTIME_CORE = '@module-federation/runtime-core';
const SHARED_RUNTIME_CORE_ID = '\0roomnest:shared-runtime-core';

/**
 * The Module Federation runtime once per page, not once per remote (issue 8):
 * in a remote, `@module-federation/runtime-core` (about 20 KiB compressed) is
 * the shell's copy, which the shell publishes on
 * `globalThis._FEDERATION_RUNTIME_CORE` (`provideExternalRuntime` in
 * hostConfig). Unlike the plugin's own `externalRuntime`, a remote loaded
 * without it (standalone, or inside an older shell that does not publish it)
 * still works: it then imports its own copy, a chunk fetched only in that case.
 */
function sharedRuntimeCore(): Plugin {
  let exportNames: string[] | null = null;
  return {
    name: 'roomnest-shared-runtime-core',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (source !== RUNTIME_CORE || importer === SHARED_RUNTIME_CORE_ID) return null;
      return SHARED_RUNTIME_CORE_ID;
    },
    async load(id) {
      if (id !== SHARED_RUNTIME_CORE_ID) return null;
      exportNames ??= Object.keys(await import(RUNTIME_CORE)).filter((key) => key !== 'default' && /^[A-Za-z_$][\w$]*$/.test(key));
      return [
        `const core = globalThis._FEDERATION_RUNTIME_CORE ?? (await import(${JSON.stringify(RUNTIME_CORE)}));`,
        `export const { ${exportNames.join(', ')} } = core;`,
      ].join('\n');
    },
  };
}

export function remoteConfig(name: RemoteName, root: string): UserConfig {
  const port = DEV_PORTS[name];
  const exposes = Object.fromEntries(REMOTE_EXPOSES[name].map((key) => [key, `./src/exposed/${key.slice(2)}.tsx`]));
  return defineConfig({
    root,
    base: './',
    define: { __MODULE_VERSION__: JSON.stringify(buildVersion) },
    plugins: [
      react(),
      sharedRuntimeCore(),
      federation({
        name,
        filename: 'remoteEntry.js',
        manifest: true,
        exposes,
        shared,
        shareStrategy,
        dts: false,
        dev: { remoteHmr: true },
      }),
    ],
    server: { port, strictPort: true, origin: `http://localhost:${port}`, proxy: devProxy, cors: true },
    preview: { port, strictPort: true, cors: true },
    build: { target: 'es2022', outDir: process.env.OUT_DIR ?? 'dist', emptyOutDir: true, assetsInlineLimit: 0 },
  });
}

/**
 * The remotes.json of `npm run dev`: every remote at its Vite dev server
 * (`http://<host>:<port>/remoteEntry.js`, an ES module, which the shell
 * registers with `type: 'module'`). `host` is the name the browser used for
 * the shell, so the page also works when opened as 127.0.0.1 or a LAN name.
 */
export function devRemoteRegistry(host = 'localhost'): RemoteRegistry {
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, { version: 'dev', entry: `http://${host}:${DEV_PORTS[name]}/remoteEntry.js` }]),
  );
}

/**
 * Serves `/remotes.json` from the shell's dev server (serve mode only). In
 * production the file comes from the deployment store (scripts/build-store.mjs),
 * so no remote URL is ever built into the shell.
 */
export function devRemotesJson(): Plugin {
  return {
    name: 'roomnest-dev-remotes-json',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.replace(/[?#].*$/, '') !== '/remotes.json') return next();
        let host = 'localhost';
        try {
          host = new URL(`http://${req.headers.host ?? 'localhost'}`).hostname;
        } catch {
          // A malformed Host header: keep localhost.
        }
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end(JSON.stringify(devRemoteRegistry(host)));
      });
    },
  };
}

/**
 * The shell provides react-toastify to every remote (a singleton, loaded
 * first) as its unstyled build, whose ToastContainer does not inject a
 * `<style>` element: the page's Content Security Policy allows no inline
 * styles. The shell imports react-toastify's stylesheet as a file instead.
 */
const UNSTYLED_TOASTIFY = { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' };

export function hostConfig(root: string): UserConfig {
  const port = DEV_PORTS.shell;
  return defineConfig({
    root,
    resolve: { alias: [UNSTYLED_TOASTIFY] },
    // The shell is published under /store/shell/<version>/ so every version stays servable.
    base: process.env.SHELL_BASE ?? '/',
    define: { __MODULE_VERSION__: JSON.stringify(buildVersion) },
    plugins: [
      react(),
      devRemotesJson(),
      federation({
        name: 'shell',
        remotes: {},
        shared,
        shareStrategy,
        dts: false,
        // Publishes the runtime on globalThis._FEDERATION_RUNTIME_CORE for the remotes (sharedRuntimeCore above).
        experiments: { provideExternalRuntime: true },
      }),
    ],
    server: { port, strictPort: true, proxy: devProxy },
    preview: { port, strictPort: true },
    build: { target: 'es2022', outDir: process.env.OUT_DIR ?? 'dist', emptyOutDir: true },
  });
}

/** Unit tests (vitest): React in happy-dom, no federation. */
export function unitTestConfig(root: string): UserConfig {
  return defineConfig({
    root,
    define: { __MODULE_VERSION__: JSON.stringify('test') },
    plugins: [react()],
    test: {
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      testTimeout: 20_000,
      css: { modules: { classNameStrategy: 'non-scoped' } },
    },
  } as UserConfig);
}
