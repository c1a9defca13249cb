import { REMOTE_FAILURE_LIMITS, REMOTE_FAILURE_REPORTS_PATH, TEXTS, remoteFailureReportSchema } from '@roomnest/shared';
import { API_BASE_URL } from '@roomnest/shared/client';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubNetwork } from '../../test/app-harness.tsx';
import type { LoadRemotePage } from '../../test/remote-stub.tsx';
import { cut, failureReport, REPORT_INTERVAL_MS, sendFailureReport } from './failure-reports.ts';
import { loadRemotePage } from './load-remote.ts';
import { createAppStore } from '../../app/store.ts';

vi.mock('./load-remote.ts', () => ({ loadRemotePage: vi.fn<LoadRemotePage>() }));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  localStorage.setItem('remoteLoadTimeoutMs', '60');
});

const REMOTE_FAILURE_REPORTS_URL = `${API_BASE_URL}${REMOTE_FAILURE_REPORTS_PATH}`;
const reportsOf = (net: ReturnType<typeof stubNetwork>) => net.callsTo(REMOTE_FAILURE_REPORTS_URL);
const bodies = (net: ReturnType<typeof stubNetwork>) => Promise.all(reportsOf(net).map((r) => r.clone().json() as Promise<unknown>));

describe('remote failure reports', () => {
  it('sends a failure to the API with the remote, module, version, kind, message, path and shell version', async () => {
    // happy-dom's Request drops `keepalive`: keep what the caller asked for, as a browser does.
    vi.stubGlobal(
      'Request',
      class extends Request {
        override readonly keepalive: boolean;
        constructor(input: RequestInfo | URL, init?: RequestInit) {
          super(input, init);
          this.keepalive = init?.keepalive ?? (input instanceof Request && input.keepalive);
        }
      },
    );
    const net = stubNetwork();
    vi.mocked(loadRemotePage).mockRejectedValue(new Error('remoteEntry.js 404'));
    await renderApp('/flatmates');
    expect(await screen.findByText(TEXTS.remoteUnavailable)).toBeTruthy();
    await waitFor(() => expect(reportsOf(net)).toHaveLength(1));
    const [request] = reportsOf(net);
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('content-type')).toBe('application/json');
    // keepalive, so a report still goes out when the user leaves the page at once.
    expect(request?.keepalive).toBe(true);
    const [body] = await bodies(net);
    expect(body).toEqual({
      remote: 'mf_profile',
      module: 'FlatmatesPage',
      version: 'unknown',
      kind: 'load',
      message: 'remoteEntry.js 404',
      path: '/flatmates',
      shellVersion: 'test',
    });
    // What the shell sends is what the API accepts.
    expect(remoteFailureReportSchema.safeParse(body).success).toBe(true);
  });

  it('sends one report per remote and kind in a few seconds, however often it fails', async () => {
    const net = stubNetwork();
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    vi.mocked(loadRemotePage).mockRejectedValue(new Error('connection refused'));
    await renderApp('/find-a-room');
    expect(await screen.findByText(TEXTS.remoteUnavailable)).toBeTruthy();

    // Retry fails again at once: logged to the console, not sent again.
    for (let i = 0; i < 3; i += 1) {
      fireEvent.click(screen.getByRole('button', { name: TEXTS.retry }));
      await waitFor(() => expect(vi.mocked(loadRemotePage)).toHaveBeenCalledTimes(i + 2));
      expect(await screen.findByRole('button', { name: TEXTS.retry })).toBeTruthy();
    }
    await waitFor(() => expect(vi.mocked(loadRemotePage)).toHaveBeenCalledTimes(4));
    await waitFor(() => expect(vi.mocked(console.error).mock.calls.filter((c) => String(c[0]).startsWith('[remote] mf_search'))).toHaveLength(4));
    expect(reportsOf(net)).toHaveLength(1);

    // Another kind of failure of the same remote is news: it goes out.
    vi.mocked(loadRemotePage).mockImplementation(() => new Promise(() => undefined));
    fireEvent.click(screen.getByRole('button', { name: TEXTS.retry }));
    await waitFor(() => expect(reportsOf(net)).toHaveLength(2));

    // After the interval the same kind goes out again.
    now += REPORT_INTERVAL_MS;
    vi.mocked(loadRemotePage).mockRejectedValue(new Error('connection refused'));
    fireEvent.click(await screen.findByRole('button', { name: TEXTS.retry }));
    await waitFor(() => expect(reportsOf(net)).toHaveLength(3));
    expect((await bodies(net)).map((b) => (b as { kind: string }).kind)).toEqual(['load', 'timeout', 'load']);
  });

  it('reports a render error as kind render', async () => {
    const net = stubNetwork();
    vi.mocked(loadRemotePage).mockResolvedValue({
      default: () => {
        throw new TypeError('Cannot read properties of undefined');
      },
    });
    await renderApp('/pricing');
    expect(await screen.findByText(TEXTS.remoteUnavailable)).toBeTruthy();
    await waitFor(() => expect(reportsOf(net)).toHaveLength(1));
    expect(await bodies(net)).toMatchObject([{ remote: 'mf_content', module: 'ContentPage', kind: 'render', message: 'Cannot read properties of undefined', path: '/pricing' }]);
  });

  it('never throws: not when fetch throws, not when it rejects', async () => {
    const store = createAppStore({ storage: localStorage, router: { state: { location: { pathname: '/', search: '', hash: '', key: 'default' } }, navigate: async () => undefined } });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => {
        throw new TypeError('keepalive quota exceeded');
      }),
    );
    const report = failureReport({ remote: 'mf_search', module: 'RoomSearchPage', version: '1', kind: 'load', message: 'x' }, '/rooms');
    expect(sendFailureReport(report, store.dispatch, 0)).toBe(true);

    vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(sendFailureReport({ ...report, kind: 'render' }, store.dispatch, 0)).toBe(true);
    // Both settle as failed calls in the store, not as rejections.
    const mutations = () => (store.getState() as unknown as { api: { mutations: Record<string, { status: string }> } }).api.mutations;
    await waitFor(() => expect(Object.values(mutations()).map((m) => m.status)).toEqual(['rejected', 'rejected']));
  });

  it('cuts the message and the path to the limits the API accepts', () => {
    const report = failureReport(
      { remote: 'mf_search', module: 'RoomSearchPage', version: '', kind: 'timeout', message: 'm'.repeat(5000) },
      `/${'p'.repeat(5000)}`,
    );
    expect(report.message).toHaveLength(REMOTE_FAILURE_LIMITS.message);
    expect(report.path).toHaveLength(REMOTE_FAILURE_LIMITS.path);
    expect(report.version).toBe('unknown');
    expect(remoteFailureReportSchema.safeParse(report).success).toBe(true);
  });

  it('never cuts a character in half', () => {
    const emoji = '😀'; // two UTF-16 units
    expect(cut(`ab${emoji}cd`, 4)).toBe('ab…');
    expect(cut(`abc${emoji}`, 4)).toBe('abc…');
    expect(cut(`a${emoji}bcd`, 4)).toBe(`a${emoji}…`);
    expect(cut('abcd', 4)).toBe('abcd');
    expect(cut('x'.repeat(10) + emoji.repeat(600), REMOTE_FAILURE_LIMITS.message)).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
