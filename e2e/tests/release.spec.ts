/**
 * Independent delivery, as a team and operations do it: change one remote,
 * `npm run release` it alone, see the change on the next page load, then
 * `npm run rollback` it and see the old version again, with no other module
 * built and nothing else in the store touched. Done for mf-content,
 * mf-search and mf-moderation (whose page only a moderator opens: there the
 * test follows the change into the version the page registers and the files
 * the server serves for it).
 *
 * It runs on its own server and store (a copy of the e2e server's store, so
 * every module is already published) and its own copy of the source, so the
 * rest of the suite never sees these releases.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { runningVersions } from '../support/delivery.ts';
import { E2E_PORT } from '../support/env.ts';
import { privateServer } from '../support/private-server.ts';

const server = privateServer('release-test', E2E_PORT + 11, { source: true });
const { source: SOURCE, store: STORE, base: BASE } = server;

interface Change {
  pkg: string;
  remote: string;
  file: string;
  from: string;
  to: string;
  /** A public page whose h1 shows the text; without one, the text is looked for in the files served for the version. */
  path?: string;
}

const CHANGES: readonly Change[] = [
  { pkg: 'mf-content', remote: 'mf_content', file: 'mf-content/src/features/pages/static/AboutUsPage.tsx', from: 'About RoomNest', to: 'About RoomNest today', path: '/about-us' },
  { pkg: 'mf-search', remote: 'mf_search', file: 'mf-search/src/features/room-search/RoomSearchPage.tsx', from: 'Find a room', to: 'Find your room', path: '/find-a-room' },
  {
    pkg: 'mf-moderation',
    remote: 'mf_moderation',
    file: 'mf-moderation/src/features/moderation/ModerationPage.tsx',
    from: 'Reports from members, what was done about them, and who did it.',
    to: 'Reports from members, what we did about them, and who did it.',
  },
];

/** The page any change is checked from when it has none of its own: it registers every remote's live version. */
const ANY_PAGE = '/about-us';

/** The JavaScript files of one built version of a remote that contain `text`, as the server serves them. */
async function servedFilesWith(pkg: string, version: string, text: string): Promise<string[]> {
  const manifest = await fetch(`${BASE}/store/${pkg}/${version}/mf-manifest.json`);
  expect(manifest.status).toBe(200);
  const assets = join(STORE, pkg, version, 'assets');
  const found: string[] = [];
  for (const name of readdirSync(assets).filter((file) => file.endsWith('.js'))) {
    const res = await fetch(`${BASE}/store/${pkg}/${version}/assets/${name}`);
    expect(res.status, name).toBe(200);
    if ((await res.text()).includes(text)) found.push(name);
  }
  return found;
}


/** Runs a release command in the source copy, against the test's store. */
function cli(...args: string[]) {
  const result = spawnSync(process.execPath, ['scripts/release.mjs', ...args], { cwd: SOURCE, env: { ...process.env, STORE_DIR: STORE }, encoding: 'utf8' });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

const liveOf = (remote: string) => (JSON.parse(readFileSync(join(STORE, 'remotes.json'), 'utf8')) as Record<string, { version: string }>)[remote]!.version;

/** Every file of the store with its size and modification time. */
function snapshot(dir = STORE, out = new Map<string, string>()) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) snapshot(path, out);
    else out.set(relative(STORE, path), `${stat.size}:${stat.mtimeMs}`);
  }
  return out;
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  await server.start();
});

test.afterAll(() => server.stop());

test('a team releases one remote and operations roll it back, with nothing else built or touched', async ({ page }) => {
  // Three remotes built one at a time, each up to a minute on a busy 2-core runner.
  test.setTimeout(300_000);
  const before = snapshot();
  const released: string[] = [];

  for (const change of CHANGES) {
    const heading = (text: string) => page.getByRole('heading', { level: 1, name: text, exact: true });
    const old = liveOf(change.remote);
    await page.goto(`${BASE}${change.path ?? ANY_PAGE}`);
    if (change.path) await expect(heading(change.from)).toBeVisible();
    else expect(await servedFilesWith(change.pkg, old, change.from)).not.toEqual([]);

    // The team changes its remote and releases it, alone.
    const file = join(SOURCE, change.file);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(`"${change.from}"`);
    writeFileSync(file, text.replaceAll(`"${change.from}"`, `"${change.to}"`));
    const release = cli('release', change.pkg);
    expect(release.status, release.out).toBe(0);
    expect(release.out.match(/building (\S+)/g)).toEqual([`building ${change.pkg}`]);
    const fresh = liveOf(change.remote);
    expect(fresh).not.toBe(old);
    released.push(`${change.pkg}/${fresh}/`);

    // The next page load runs it.
    await page.reload();
    if (change.path) await expect(heading(change.to)).toBeVisible();
    else {
      expect(await servedFilesWith(change.pkg, fresh, change.to)).not.toEqual([]);
      expect(await servedFilesWith(change.pkg, fresh, change.from)).toEqual([]);
    }
    expect((await runningVersions(page)).remotes[change.remote]).toBe(fresh);
    const listed = cli('releases', change.pkg);
    expect(listed.out).toMatch(new RegExp(`\\* ${fresh}\\s.*LIVE`));
    expect(listed.out).toContain(`  ${old} `);

    // Operations roll it back with one command; the next load runs the old one.
    const rollback = cli('rollback', change.pkg);
    expect(rollback.status, rollback.out).toBe(0);
    expect(liveOf(change.remote)).toBe(old);
    await page.reload();
    if (change.path) await expect(heading(change.from)).toBeVisible();
    expect((await runningVersions(page)).remotes[change.remote]).toBe(old);
  }

  // Besides the new version folders, only remotes.json and the history changed: no shell file, no other remote.
  const after = snapshot();
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((path) => before.get(path) !== after.get(path));
  const outside = changed.filter((path) => !released.some((folder) => path.startsWith(folder)));
  expect(outside.sort()).toEqual(['history.jsonl', 'remotes.json']);
  expect(changed.some((path) => path.startsWith(released[0]!))).toBe(true);
  const history = readFileSync(join(STORE, 'history.jsonl'), 'utf8').trim().split('\n').slice(-6).map((line) => JSON.parse(line) as { action: string; module: string });
  expect(history.map((h) => `${h.action} ${h.module}`)).toEqual([
    'release mf-content',
    'rollback mf-content',
    'release mf-search',
    'rollback mf-search',
    'release mf-moderation',
    'rollback mf-moderation',
  ]);
});
