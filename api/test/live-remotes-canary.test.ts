/**
 * The remotes and versions a browser may report a failure of, with canaries: a running canary's version is
 * live for the browsers in its share, and an ended canary's stays reportable for a while (pages opened
 * before it ended still run it). Against a real store folder changed by the store's own functions.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { endCanary, findModule, makeLive, setCanary } from '../../scripts/deployment-store.mjs';
import { RECENTLY_LIVE_MS, createLiveRemotes } from '../src/features/client-errors/live-remotes.ts';

const store = mkdtempSync(join(tmpdir(), 'roomnest-live-remotes-'));
const content = findModule('mf-content');
for (const version of ['1.0.0-a', '1.1.0-b', '1.2.0-c']) {
  mkdirSync(join(store, 'mf-content', version), { recursive: true });
  writeFileSync(join(store, 'mf-content', version, 'mf-manifest.json'), '{}');
}

describe('live remotes with canaries', () => {
  afterAll(() => rmSync(store, { recursive: true, force: true }));

  it('takes a running canary’s version, and an ended one’s until it has been gone for RECENTLY_LIVE_MS', async () => {
    let now = Date.now();
    const live = createLiveRemotes(store, () => now);
    await makeLive(store, content, '1.0.0-a', { by: 'test' });
    expect(await live.check('mf_content', '1.1.0-b')).toBe('unknown-version');

    await setCanary(store, content, '1.1.0-b', 20, 'test');
    expect(await live.check('mf_content', '1.0.0-a')).toBe('live');
    expect(await live.check('mf_content', '1.1.0-b')).toBe('live');
    // A canary running for longer than the history window is still live.
    now += RECENTLY_LIVE_MS * 3;
    expect(await live.check('mf_content', '1.1.0-b')).toBe('live');

    now = Date.now();
    await endCanary(store, content, { action: 'auto-rollback', by: 'automatic guard', expectVersion: '1.1.0-b' });
    expect(await live.check('mf_content', '1.1.0-b')).toBe('live');
    expect(await live.check('mf_content', '1.2.0-c')).toBe('unknown-version');
    now += RECENTLY_LIVE_MS + 60_000;
    expect(await live.check('mf_content', '1.1.0-b')).toBe('unknown-version');
    expect(await live.check('mf_content', '1.0.0-a')).toBe('live');
  });
});
