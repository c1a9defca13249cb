/**
 * The client surfaces of the shared libraries (react-router.ts,
 * react-redux.ts; shared/vite/client-surfaces.ts): every listed name exists
 * in the real package, and every app imports only listed names (the build
 * checks the same; this says it sooner).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as reactRedux from 'react-redux';
import * as reactRouterDom from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CLIENT_SURFACES, importedNames, surfaceExports } from '../../vite/client-surfaces.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const APPS = ['shell', 'mf-search', 'mf-listings', 'mf-messaging', 'mf-profile', 'mf-content', 'mf-moderation', 'shared'];

const surface = (pkg: string) => surfaceExports(readFileSync(CLIENT_SURFACES[pkg]!, 'utf8'));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('client surfaces of the shared libraries', () => {
  it('list only names the packages export', () => {
    const router = surface('react-router-dom');
    expect(router.size).toBeGreaterThan(50);
    expect([...router].filter((name) => !(name in reactRouterDom))).toEqual([]);
    expect(surface('react-router')).toEqual(router);
    const redux = surface('react-redux');
    expect([...redux].filter((name) => !(name in reactRedux))).toEqual([]);
    expect(redux.has('connect')).toBe(false);
  });

  it('leave out the server side of react-router', () => {
    const router = surface('react-router-dom');
    const server = ['createCookie', 'createRequestHandler', 'createStaticHandler', 'ServerRouter', 'HydratedRouter', 'Scripts'];
    expect(server.filter((name) => router.has(name))).toEqual([]);
  });

  it('cover every name the apps import', () => {
    const missing: string[] = [];
    for (const app of APPS) {
      for (const file of sources(join(ROOT, app, 'src'))) {
        if (Object.values(CLIENT_SURFACES).includes(file)) continue;
        const code = readFileSync(file, 'utf8');
        if (importedNames(code, 'react-router').length) missing.push(`${file}: imports react-router, not react-router-dom`);
        for (const pkg of ['react-router-dom', 'react-redux']) {
          for (const name of importedNames(code, pkg)) if (!surface(pkg).has(name)) missing.push(`${file}: ${pkg} ${name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('reads import and export statements', () => {
    const code = [
      "import { Link, type To, useNavigate as go } from 'react-router-dom';",
      "import type { Location } from 'react-router-dom';",
      "import * as Router from 'react-router-dom';",
      "export { Outlet } from 'react-router-dom';",
      "// import { Nope } from 'react-router-dom';",
      "import {\n  useLocation,\n  useParams,\n} from 'react-router-dom';",
      "import { connect } from 'react-redux';",
    ].join('\n');
    expect(importedNames(code, 'react-router-dom')).toEqual(['Link', 'useNavigate', '*', 'Outlet', 'useLocation', 'useParams']);
    expect(importedNames(code, 'react-redux')).toEqual(['connect']);
    expect(importedNames(code, 'react-router')).toEqual([]);
  });
});
