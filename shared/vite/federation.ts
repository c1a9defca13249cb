/**
 * Build configuration shared by the shell and every remote, so that all of
 * them agree on the federation contract: the shared singletons, the entry
 * file names, the dev ports and the API proxy.
 */
import { createRequire } from 'node:module';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { clientSurfaces } from './client-surfaces.ts';
import { REMOTE_EXPOSES, REMOTE_NAMES, type RemoteName, type RemoteRegistry } from '../src/client/contract.ts';

/**
 * The shared singletons (docs/architecture.md, Federation contract). `@roomnest/shared` is bundled into
 * each app instead. RTK Query (`@reduxjs/toolkit/query` and `/query/react`,
 * part of @reduxjs/toolkit) is shared too: the shell loads it on every page
 * for its own api, and each remote bundled its own copy plus a second copy of
 * the toolkit's core for it (about 27 KiB on a remote page). A remote inside
 * an older shell, which does not provide those two keys, uses its own copy as
 * before.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  '@reduxjs/toolkit/query',
  '@reduxjs/toolkit/query/react',
  'react-toastify',
] as const;

/**
 * Provided by the shell, not asked for by remotes: react-router-dom already
 * carries all of react-router (the same client surface, below), and apps
 * import only 'react-router-dom'. The shell keeps providing `react-router` for
 * remotes built before this change, which ask for it.
 */
const HOST_ONLY_KEYS = new Set<string>(['react-router']);

function sharedFor(role: 'host' | 'remote') {
  return Object.fromEntries(SHARED_SINGLETONS.filter((name) => role === 'host' || !HOST_ONLY_KEYS.has(name)).map((name) => [name, { singleton: true }]));
}

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
  mf_moderation: 5106,
};

/** Where the API listens during `npm run dev`. */
export const DEV_API_ORIGIN = process.env.DEV_API_ORIGIN ?? 'http://localhost:3000';

const devProxy = { '/api': DEV_API_ORIGIN, '/uploads': DEV_API_ORIGIN };

/** Version stamped into the bundle, so operations can see what a page runs. */
const buildVersion = process.env.MODULE_VERSION ?? 'dev';

const RUNTIME_CORE = '@module-federation/runtime-core';
const SHARED_RUNTIME_CORE_ID = '\0roomnest:shared-runtime-core';

/**
 * The Module Federation runtime once per page, not once per remote:
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

const RUNTIME_PACKAGE_JSON = '@module-federation/runtime/package.json';
const RUNTIME_VERSION_ID = '\0roomnest:module-federation-runtime-version';

/**
 * The plugin's runtime helper that publishes the runtime for the remotes
 * (provideExternalRuntime) imports the runtime's whole package.json for its
 * `version`; the shell's first load carried all of it (about 0.7 KiB
 * compressed). It gets the version alone.
 */
function runtimeVersionOnly(): Plugin {
  return {
    name: 'roomnest-runtime-version-only',
    enforce: 'pre',
    apply: 'build',
    resolveId(source) {
      return source === RUNTIME_PACKAGE_JSON ? RUNTIME_VERSION_ID : null;
    },
    load(id) {
      if (id !== RUNTIME_VERSION_ID) return null;
      const { version } = createRequire(import.meta.url)(RUNTIME_PACKAGE_JSON) as { version: string };
      return `export default { version: ${JSON.stringify(version)} };`;
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
      clientSurfaces(),
      federation({
        name,
        filename: 'remoteEntry.js',
        manifest: true,
        exposes,
        shared: sharedFor('remote'),
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
      clientSurfaces(),
      runtimeVersionOnly(),
      federation({
        name: 'shell',
        remotes: {},
        shared: sharedFor('host'),
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
