/**
 * Client surfaces of shared libraries, used by federation.ts.
 *
 * A shared singleton is never tree-shaken: any module may ask for any export.
 * So the shell provided all of react-router (about 57 KiB compressed, most of
 * it framework-mode server code) and all of react-redux (5 KiB, most of it
 * `connect`). For each share key the Module Federation plugin generates the
 * module a build provides (the shell) or falls back to (a remote with no
 * host), which reads every export of the package by name; here that module's
 * import of the package is the client surface module instead
 * (shared/src/client/react-router.ts, react-redux.ts). So:
 *
 * - the shell provides the client surface (react-router about 33 KiB), one
 *   instance per library, to remotes of any version: remotes built before
 *   this change ask for the same keys and use names from these lists;
 * - a remote in an older shell gets that shell's whole package, and a remote
 *   with no host (standalone) falls back to its own client surface;
 * - the surface module imports the package's own files, never the share key
 *   (that would be itself).
 *
 * Production builds only (the dev servers share the whole packages). Apps
 * keep importing the packages by name. The build fails when a module
 * imports a name its client surface lacks, or imports `react-router` instead
 * of `react-router-dom` (remotes do not ask for that key).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

export const clientModule = (file: string) => resolve(import.meta.dirname, '../src/client', file);

/**
 * Shared libraries provided as a client surface instead of the whole package
 * (shared/src/client/react-router.ts and react-redux.ts say what and why).
 */
export const CLIENT_SURFACES: Record<string, string> = {
  'react-router-dom': clientModule('react-router.ts'),
  'react-router': clientModule('react-router.ts'),
  'react-redux': clientModule('react-redux.ts'),
};
const SURFACE_FILES = new Set(Object.values(CLIENT_SURFACES));

/** The names a client surface module re-exports (plain `export { … } from` statements). */
export function surfaceExports(source: string): Set<string> {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const names = new Set<string>();
  for (const [, list] of code.matchAll(/export\s*\{([^}]*)\}\s*from/g)) {
    for (const item of list!.split(',')) {
      const name = item.trim().split(/\s+as\s+/).pop();
      if (name) names.add(name);
    }
  }
  return names;
}

/** Resolves a package's `exports` entry the way Vite does for the browser (first matching condition in the file's order). */
function exportsTarget(entry: unknown): string | null {
  if (typeof entry === 'string') return entry;
  if (!entry || typeof entry !== 'object') return null;
  for (const [condition, value] of Object.entries(entry)) {
    if (['browser', 'module', 'import', 'production', 'default'].includes(condition)) {
      const target = exportsTarget(value);
      if (target && !target.endsWith('.d.ts') && !target.endsWith('.d.mts')) return target;
    }
  }
  return null;
}

/** The file a bare specifier (`react-router`, `react-router/dom`) names, bypassing the shared-module proxy. */
function packageFile(specifier: string): string | null {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  const subpath = `.${specifier.slice(name.length)}`;
  const packageJson = createRequire(import.meta.url).resolve(`${name}/package.json`);
  const { exports } = JSON.parse(readFileSync(packageJson, 'utf8')) as { exports?: Record<string, unknown> };
  const target = exports && exportsTarget(exports[subpath]);
  return target ? join(dirname(packageJson), target) : null;
}

/** The runtime names a module imports or re-exports from `pkg` ('*' for a namespace or default import). */
export function importedNames(code: string, pkg: string): string[] {
  const names: string[] = [];
  const quoted = pkg.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const source = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const pattern = new RegExp(`\\b(?:import|export)(\\s+type)?\\s+([^;'"]*?)\\s*from\\s*['"]${quoted}['"]`, 'g');
  for (const [, typeOnly, clause] of source.matchAll(pattern)) {
    if (typeOnly) continue;
    const braces = /\{([^}]*)\}/.exec(clause!);
    if (clause!.replace(/\{[^}]*\}/, '').replace(/,/g, '').trim()) names.push('*');
    for (const item of braces?.[1]?.split(',') ?? []) {
      const spec = item.trim();
      if (spec && !spec.startsWith('type ')) names.push(spec.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

/** The plugin: see the top of this file. */
export function clientSurfaces(): Plugin {
  const allowed = new Map<string, Set<string>>();
  const allowedFor = (pkg: string) => {
    let names = allowed.get(pkg);
    if (!names) allowed.set(pkg, (names = surfaceExports(readFileSync(CLIENT_SURFACES[pkg]!, 'utf8'))));
    return names;
  };
  return {
    name: 'roomnest-client-surfaces',
    enforce: 'pre',
    // Production builds only: the dev servers pre-bundle the packages whole (a
    // surface module importing a package's file would skip that, and its
    // CommonJS dependencies would reach the browser as they are).
    apply: 'build',
    resolveId(source, importer) {
      if (!importer) return null;
      if (SURFACE_FILES.has(importer.split('?')[0]!)) return packageFile(source);
      // The provider/fallback module the plugin generates for a share key.
      if (importer.includes('__prebuild__') && CLIENT_SURFACES[source]) return CLIENT_SURFACES[source];
      return null;
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (id.startsWith('\0') || SURFACE_FILES.has(file) || file.includes('/node_modules/') || !/\.[cm]?[jt]sx?$/.test(file)) return null;
      for (const pkg of Object.keys(CLIENT_SURFACES)) {
        if (!code.includes(pkg)) continue;
        for (const name of importedNames(code, pkg)) {
          if (pkg === 'react-router') this.error(`${file}: import from 'react-router-dom', not 'react-router' (remotes do not ask for the react-router share key)`);
          if (!allowedFor(pkg).has(name)) {
            this.error(`${file}: '${name}' from ${pkg} is not in its shared client surface (${CLIENT_SURFACES[pkg]}); add it there, and release the shell before any remote that uses it`);
          }
        }
      }
      return null;
    },
  };
}
