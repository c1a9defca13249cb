/**
 * Preloading the remote of the current route. Without it a remote
 * page waits for a chain: the shell's scripts, then /remotes.json, then the
 * remote's mf-manifest.json, then the remote's files. This file runs twice:
 *
 * - as the first script of the shell's index.html (a small classic script
 *   that shell/vite.config.ts compiles from this file), before the shell's
 *   modules have arrived: it reads /remotes.json at once and,
 *   when the page's route belongs to a remote, that remote's manifest, and adds
 *   `<link rel="modulepreload">` for the remote's entry and the route's page
 *   files, so they download and compile while the shell's own scripts do. The
 *   registry takes the remotes.json answer over (`takeEarlyRegistry`);
 * - in the shell, before a remote page is loaded on navigation
 *   (`preloadRemoteModule`), so the page's files are fetched side by side
 *   instead of one after another.
 *
 * Its two requests, /remotes.json and a remote's mf-manifest.json, are
 * hand-written fetches on purpose: they are how remote code is found, not
 * API data, and this runs before any library has loaded (it imports nothing:
 * it is compiled alone into a plain script). Failures are silent: the
 * Module Federation runtime loads everything itself anyway; this only starts
 * it earlier.
 */

/** A route of the route table that shows a remote page (built into index.html). */
export interface EarlyRoute {
  path: string;
  remote: string;
  module: string;
  /** Guarded routes are preloaded only when a session is stored (else the guard redirects). */
  guarded: boolean;
  /** A route for one role (/moderation): preloaded only when the stored user has it (else the guard refuses). */
  role?: string;
}

/** Whether the user stored with the session (localStorage `currentUser`) has `role`; false when unreadable. */
export function storedUserHasRole(role: string): boolean {
  try {
    const user = JSON.parse(window.localStorage.getItem('currentUser') ?? 'null') as { roles?: unknown } | null;
    return Array.isArray(user?.roles) && user.roles.includes(role);
  } catch {
    return false;
  }
}

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[] };
}

/** The parts of an mf-manifest.json read here. */
export interface RemoteManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; path?: string; assets?: ManifestAssets }[];
}

/**
 * The files to fetch for one exposed module: the remote's entry, the module's
 * own files and styles, and the remote's loader of shared libraries (listed
 * among the async files beside the fallback copies of the libraries, which the
 * shell's singletons make unnecessary). URLs are absolute.
 */
export function remoteModuleFiles(manifest: RemoteManifest, manifestUrl: string, module: string): { js: string[]; css: string[] } {
  const meta = manifest.metaData ?? {};
  const base = meta.publicPath && meta.publicPath !== 'auto' ? new URL(meta.publicPath, manifestUrl).href : new URL('.', manifestUrl).href;
  const expose = (manifest.exposes ?? []).find((e) => e.name === module || e.path === `./${module}`);
  if (!expose) return { js: [], css: [] };
  const entry = meta.remoteEntry?.name ? `${meta.remoteEntry.path ? `${meta.remoteEntry.path.replace(/\/$/, '')}/` : ''}${meta.remoteEntry.name}` : null;
  const js = [...(entry ? [entry] : []), ...(expose.assets?.js?.sync ?? []), ...(expose.assets?.js?.async ?? []).filter((file) => file.includes('__loadShare__'))];
  return {
    js: js.map((file) => new URL(file, base).href),
    css: (expose.assets?.css?.sync ?? []).map((file) => new URL(file, base).href),
  };
}

/**
 * Adds `<link rel="modulepreload">` for a module's scripts, once each. Styles
 * are left to the runtime, which links them itself (a preload of them would
 * not be reused: the runtime's request differs in credentials mode).
 */
export function preloadFiles(files: { js: string[] }): void {
  const present = new Set(Array.from(document.querySelectorAll('link[href]'), (link) => (link as HTMLLinkElement).href));
  for (const href of files.js) {
    if (present.has(href)) continue;
    present.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  }
}

/** Fetches a remote's manifest (the runtime's own request then comes from the HTTP cache) and preloads one module's files. */
export function preloadRemoteModule(manifestUrl: string, module: string): Promise<void> {
  if (/\.m?js(?:[?#].*)?$/.test(manifestUrl)) return Promise.resolve();
  return fetch(manifestUrl)
    .then((response) => (response.ok ? (response.json() as Promise<RemoteManifest>) : null))
    .then((manifest) => {
      if (manifest) preloadFiles(remoteModuleFiles(manifest, manifestUrl, module));
    })
    .catch(() => undefined);
}

/** The remote route a pathname shows, if any (`:param` matches one segment). */
export function matchEarlyRoute(routes: EarlyRoute[], pathname: string): EarlyRoute | null {
  const segments = pathname.replace(/\/+$/, '').split('/');
  for (const route of routes) {
    const pattern = route.path.replace(/\/+$/, '').split('/');
    if (pattern.length !== segments.length) continue;
    if (pattern.every((part, i) => (part.startsWith(':') ? (segments[i] ?? '') !== '' : part === segments[i]))) return route;
  }
  return null;
}

/**
 * The inline part: starts reading /remotes.json (kept on window for the
 * registry) and preloads the current route's remote.
 */
export function earlyPreload(routes: EarlyRoute[], remotesUrl: string): void {
  const registry = fetch(remotesUrl, { cache: 'no-store', headers: { accept: 'application/json' } });
  window.roomnestEarlyRegistry = registry;
  // The registry handles a failure; this copy must not be reported as unhandled.
  registry.catch(() => undefined);
  const route = matchEarlyRoute(routes, window.location.pathname);
  if (!route) return;
  try {
    if (route.guarded && !window.localStorage.getItem('authToken')) return;
  } catch {
    return;
  }
  if (route.role && !storedUserHasRole(route.role)) return;
  registry
    .then((response) => (response.ok ? (response.clone().json() as Promise<Record<string, { entry?: unknown }>>) : null))
    .then((body) => {
      const entry = body?.[route.remote]?.entry;
      if (typeof entry === 'string') return preloadRemoteModule(new URL(entry, window.location.href).href, route.module);
      return undefined;
    })
    .catch(() => undefined);
}

declare global {
  interface Window {
    /** The /remotes.json request index.html started; the registry takes it over once. */
    roomnestEarlyRegistry?: Promise<Response>;
  }
}
