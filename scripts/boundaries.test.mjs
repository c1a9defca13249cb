/**
 * `npm run lint` enforces the module boundaries (docs/architecture.md): it fails, naming the
 * boundary, on a remote importing another remote's or the shell's source, the shell a remote's,
 * shared an app's, and on any import cycle; and the real tree passes. The probes are written into
 * a throwaway copy of the repository's layout under the system's temp folder (never into the
 * tree, so a failed or killed run leaves nothing behind in it) and linted with the repository's
 * own .oxlintrc.json and the exact command of the `lint` script.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const OXLINT = join(ROOT, 'node_modules', '.bin', 'oxlint');

/** The `lint` script's arguments, so the probes are linted exactly as the tree is. */
const [command, ...lintArgs] = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.lint.split(/\s+/);
const lintPaths = lintArgs.filter((arg) => !arg.startsWith('-'));

function lint(cwd) {
  const run = spawnSync(OXLINT, [...lintArgs, '--format=json'], { cwd, encoding: 'utf8' });
  if (run.error) throw run.error;
  return { status: run.status, diagnostics: run.stdout ? JSON.parse(run.stdout).diagnostics : [], stderr: run.stderr };
}

/** Each probe file and what the lint must say about it: `rule` or `rule: boundary` (the message's start). */
const PROBES = {
  'mf-search/src/features/probe-remote.ts': {
    source: "import { RoomForm } from '../../../mf-listings/src/exposed/RoomForm.tsx';\nexport const probe = RoomForm;\n",
    expect: ['eslint(no-restricted-imports): Boundary remote -> remote'],
  },
  'mf-messaging/src/probe-remote-bare.ts': {
    source: "export const probe = () => import('mf-profile/src/exposed/MyProfilePage.tsx');\n",
    expect: ['eslint(no-restricted-imports): Boundary remote -> remote'],
  },
  'mf-content/src/probe-shell.ts': {
    source: "import { store } from '../../shell/src/app/store.ts';\nexport const probe = store;\n",
    expect: ['eslint(no-restricted-imports): Boundary remote -> shell'],
  },
  // The sixth remote is held to the same boundaries: no other remote's code (a listing card), no shell's (its guard).
  'mf-moderation/src/features/probe-remote.ts': {
    source: "import { RoomCard } from '../../../mf-search/src/features/room-search/RoomCard.tsx';\nexport const probe = RoomCard;\n",
    expect: ['eslint(no-restricted-imports): Boundary remote -> remote'],
  },
  'mf-moderation/src/probe-shell.ts': {
    source: "import { GUARDS } from '../../shell/src/features/guards/guards.ts';\nexport const probe = GUARDS;\n",
    expect: ['eslint(no-restricted-imports): Boundary remote -> shell'],
  },
  'shell/src/app/probe-remote.ts': {
    source: "export { RoomSearchPage } from '../../../mf-search/src/exposed/RoomSearchPage.tsx';\n",
    expect: ['eslint(no-restricted-imports): Boundary shell -> remote'],
  },
  'shared/src/probe-api.ts': {
    source: "import type { DB } from '../../api/src/db/types.ts';\nexport type Probe = DB;\n",
    expect: ['eslint(no-restricted-imports): Boundary shared -> app'],
  },
  'shared/vite/probe-shell.ts': {
    source: "import { routeTable } from '../../shell/src/app/route-table.ts';\nexport const probe = routeTable;\n",
    expect: ['eslint(no-restricted-imports): Boundary shared -> app'],
  },
  'api/src/probe-cycle/a.ts': {
    source: "import { b } from './b.ts';\nexport const a = () => b();\n",
    expect: ['import(no-cycle)'],
  },
  'api/src/probe-cycle/b.ts': {
    source: "import type { Probe } from './c.ts';\nexport const b = (): Probe => 1;\n",
    expect: ['import(no-cycle)'],
  },
  'api/src/probe-cycle/c.ts': {
    source: "import { a } from './a.ts';\nexport type Probe = ReturnType<typeof a>;\n",
    expect: ['import(no-cycle)'],
  },
  // Imports that cross no boundary, though they name an api folder or a file like the shell.
  'mf-search/src/features/probe-allowed.ts': {
    source: [
      "import { PLANS } from '@roomnest/shared';",
      "import { init } from '@module-federation/runtime';",
      "import { searchApi } from '../api/search-api.ts';",
      "import { shellApi } from './shell-api.ts';",
      'export const probe = [PLANS, init, searchApi, shellApi];',
      '',
    ].join('\n'),
    expect: [],
  },
  'shared/src/client/probe-allowed.ts': {
    source: "import { apiBase } from './api.ts';\nimport { e2eIds } from './e2e-ids.ts';\nexport const probe = [apiBase, e2eIds];\n",
    expect: [],
  },
};

describe('npm run lint: module boundaries', () => {
  let probed;

  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'roomnest-boundaries-'));
    try {
      copyFileSync(join(ROOT, '.oxlintrc.json'), join(dir, '.oxlintrc.json'));
      for (const path of lintPaths) mkdirSync(join(dir, path), { recursive: true });
      for (const [file, { source }] of Object.entries(PROBES)) {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        writeFileSync(join(dir, file), source);
      }
      probed = lint(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('the lint script is oxlint over the folders the probes go in', () => {
    expect(command).toBe('oxlint');
    for (const file of Object.keys(PROBES)) expect(lintPaths.some((path) => file.startsWith(`${path}/`))).toBe(true);
  });

  it('fails on every probe that crosses a boundary or closes a cycle, and names the rule and boundary', () => {
    expect(probed.stderr).toBe('');
    expect(probed.status).not.toBe(0);
    const said = Object.fromEntries(Object.keys(PROBES).map((file) => [file, []]));
    for (const d of probed.diagnostics) {
      const boundary = d.code === 'eslint(no-restricted-imports)' ? `: ${d.help.split(':')[0]}` : '';
      (said[d.filename] ??= []).push(`${d.code}${boundary}`);
    }
    expect(said).toEqual(Object.fromEntries(Object.entries(PROBES).map(([file, probe]) => [file, probe.expect])));
  });

  it('passes on the real tree', () => {
    const { status, diagnostics, stderr } = lint(ROOT);
    expect(diagnostics.map((d) => `${d.filename}: ${d.code} ${d.message}`)).toEqual([]);
    expect(stderr).toBe('');
    expect(status).toBe(0);
  }, 60_000);
});
