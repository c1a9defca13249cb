import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { REMOTE_LOAD_REPORTS_PATH, REMOTE_LOAD_SAMPLE_HEADER, TEXTS, remoteLoadReportSchema } from '@roomnest/shared';
import { API_BASE_URL } from '@roomnest/shared/client';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShellDispatch } from '../../api/shell-api.ts';
import { createAppStore } from '../../app/store.ts';
import { renderApp, settle, stubNetwork } from '../../test/app-harness.tsx';
import { fakeRemotePage } from '../../test/remote-stub.tsx';
import { loadSampleRate, reportRemoteLoad, setLoadSampleRate } from './load-reports.ts';

vi.mock('@module-federation/runtime', () => ({
  registerRemotes: vi.fn<typeof import('@module-federation/runtime').registerRemotes>(),
  loadRemote: vi.fn<typeof import('@module-federation/runtime').loadRemote>(),
}));

const LOADS_URL = `${API_BASE_URL}${REMOTE_LOAD_REPORTS_PATH}`;
const CANARY = { version: '2.0.0-canary', entry: '/store/mf-content/2.0.0-canary/mf-manifest.json', cohort: 'canary' };
const STABLE = { version: '1.0.0-stable', entry: '/store/mf-content/1.0.0-stable/mf-manifest.json', cohort: 'stable' };

/** The network with /remotes.json answering `registry`, with the sample header when given. */
function network(registry: object, sample?: string) {
  return stubNetwork((request) => {
    if (new URL(request.url).pathname !== '/remotes.json') return undefined;
    return new Response(JSON.stringify(registry), { headers: { 'content-type': 'application/json', ...(sample === undefined ? {} : { [REMOTE_LOAD_SAMPLE_HEADER]: sample }) } });
  });
}
const bodies = (net: ReturnType<typeof stubNetwork>) => Promise.all(net.callsTo(LOADS_URL).map((r) => r.clone().json() as Promise<unknown>));

beforeEach(() => {
  vi.mocked(registerRemotes).mockReset();
  vi.mocked(loadRemote).mockReset();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('remote load reports', () => {
  it('reports every rendered page of a canary version, whatever the draw, once a document', async () => {
    const net = network({ mf_content: CANARY }, '0');
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    vi.mocked(loadRemote).mockResolvedValue(fakeRemotePage('mf_content', 'ContentPage'));
    const { router } = await renderApp('/pricing');
    expect(await screen.findByText('mf_content/ContentPage at /pricing')).toBeTruthy();
    await waitFor(() => expect(net.callsTo(LOADS_URL)).toHaveLength(1));
    const [body] = await bodies(net);
    expect(body).toEqual({ remote: 'mf_content', module: 'ContentPage', version: CANARY.version, shellVersion: 'test' });
    // What the shell sends is what the API accepts.
    expect(remoteLoadReportSchema.safeParse(body).success).toBe(true);
    expect(net.callsTo(LOADS_URL)[0]!.method).toBe('POST');

    // Another visit to a page already loaded in this document is no new load.
    await router.navigate('/about');
    await router.navigate('/pricing');
    expect(await screen.findByText('mf_content/ContentPage at /pricing')).toBeTruthy();
    await settle();
    expect(net.callsTo(LOADS_URL)).toHaveLength(1);
  });

  it('does not report a page that threw while rendering: that is a failure, reported as one', async () => {
    const net = network({ mf_content: CANARY }, '1');
    vi.mocked(loadRemote).mockResolvedValue({
      default: () => {
        throw new TypeError('Cannot read properties of undefined');
      },
    });
    await renderApp('/pricing');
    expect(await screen.findByText(TEXTS.remoteUnavailable)).toBeTruthy();
    await waitFor(() => expect(net.callsTo(`${API_BASE_URL}/client-errors/remote-failures`)).toHaveLength(1));
    expect(net.callsTo(LOADS_URL)).toEqual([]);
  });

  it.each([
    ['within the share /remotes.json names', '0.25', 0.2, 1],
    ['beyond it', '0.25', 0.3, 0],
    ['within the default share when /remotes.json names none', undefined, 0.05, 1],
    ['beyond the default share', undefined, 0.15, 0],
  ])('samples the loads of a stable version: a draw %s is reported', async (_label, sample, draw, expected) => {
    const net = network({ mf_content: STABLE }, sample);
    vi.spyOn(Math, 'random').mockReturnValue(draw);
    vi.mocked(loadRemote).mockResolvedValue(fakeRemotePage('mf_content', 'ContentPage'));
    await renderApp('/pricing');
    expect(await screen.findByText('mf_content/ContentPage at /pricing')).toBeTruthy();
    await settle();
    const sent = { remote: 'mf_content', module: 'ContentPage', version: STABLE.version, shellVersion: 'test' };
    expect(await bodies(net)).toEqual(Array.from({ length: expected }, () => sent));
  });

  it('reads the share from the header, and keeps the default for a header it cannot read', () => {
    setLoadSampleRate('0.5');
    expect(loadSampleRate()).toBe(0.5);
    for (const header of [null, '', 'often', '2', '-0.1']) {
      setLoadSampleRate(header);
      expect(loadSampleRate()).toBe(0.1);
    }
  });

  it('over many stable loads, reports about the share with a seeded draw, each page version decided once', () => {
    const dispatch = vi.fn<ShellDispatch>();
    // A small linear congruential generator: the same draws every run.
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    setLoadSampleRate('0.1');
    let sent = 0;
    for (let i = 0; i < 5000; i++) if (reportRemoteLoad({ remote: 'mf_search', module: 'RoomSearchPage', version: `1.0.${i}`, cohort: undefined }, dispatch, random)) sent += 1;
    expect(sent).toBeGreaterThan(400);
    expect(sent).toBeLessThan(600);
    expect(dispatch).toHaveBeenCalledTimes(sent);
    // The same page version again: decided already.
    expect(reportRemoteLoad({ remote: 'mf_search', module: 'RoomSearchPage', version: '1.0.0', cohort: 'canary' }, dispatch, () => 0)).toBe(false);
    // Nothing is reported before remotes.json was read.
    expect(reportRemoteLoad({ remote: 'mf_search', module: 'RoomSearchPage', version: 'unknown', cohort: 'canary' }, dispatch)).toBe(false);
  });

  it('never throws when sending fails', () => {
    const store = createAppStore({ storage: localStorage, router: { state: { location: { pathname: '/', search: '', hash: '', key: 'default' } }, navigate: async () => undefined } });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => {
        throw new TypeError('keepalive quota exceeded');
      }),
    );
    expect(reportRemoteLoad({ remote: 'mf_search', module: 'RoomSearchPage', version: '9.9.9', cohort: 'canary' }, store.dispatch)).toBe(true);
    const throwing = vi.fn<ShellDispatch>(() => {
      throw new Error('store gone');
    });
    expect(() => reportRemoteLoad({ remote: 'mf_search', module: 'RoomSearchPage', version: '9.9.8', cohort: 'canary' }, throwing)).not.toThrow();
  });
});
