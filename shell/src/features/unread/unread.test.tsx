import { TEXTS } from '@roomnest/shared';
import { loggedIn, loggedOut } from '@roomnest/shared/client';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, storeSession, stubNetwork, tenant } from '../../test/app-harness.tsx';
import { resolveFakeRemote, type LoadRemotePage } from '../../test/remote-stub.tsx';
import { loadRemotePage } from '../remotes/load-remote.ts';

vi.mock('../remotes/load-remote.ts', () => ({ loadRemotePage: vi.fn<LoadRemotePage>() }));

const UNREAD = '/api/messages/unread-count';
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  vi.mocked(loadRemotePage).mockImplementation(resolveFakeRemote);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The ticket a stream was opened with. */
const ticketOf = (stream: FakeEventSource | undefined) => stream && new URL(stream.url, window.location.href).searchParams.get('ticket');

describe('unread count', () => {
  it('asks at restore, then every 30 s while a token is stored, and stops at logout', async () => {
    storeSession({ token: 'tok', user: tenant });
    const net = stubNetwork();
    const { store } = await renderApp('/login');
    await advance(0);
    expect(net.callsTo(UNREAD)).toHaveLength(1);
    expect(net.callsTo(UNREAD)[0]?.headers.get('authorization')).toBe('Bearer tok');

    await advance(29_000);
    expect(net.callsTo(UNREAD)).toHaveLength(1);
    await advance(1_000);
    expect(net.callsTo(UNREAD)).toHaveLength(2);
    await advance(30_000);
    expect(net.callsTo(UNREAD)).toHaveLength(3);

    await act(async () => store.dispatch(loggedOut()));
    await advance(90_000);
    expect(net.callsTo(UNREAD)).toHaveLength(3);
  });

  it('never asks without a token, and asks at once on login', async () => {
    const net = stubNetwork();
    const { store } = await renderApp('/login');
    await advance(61_000);
    expect(net.callsTo(UNREAD)).toHaveLength(0);

    await act(async () => store.dispatch(loggedIn({ token: 'tok-2', user: tenant })));
    await advance(0);
    expect(net.callsTo(UNREAD)).toHaveLength(1);
  });

  it('takes the count from the answer, a missing field as 0', async () => {
    storeSession({ token: 'tok', user: tenant });
    let body: unknown = { totalUnread: 5 };
    stubNetwork((r) => (new URL(r.url).pathname === UNREAD ? json(body) : undefined));
    const { store } = await renderApp('/login');
    await advance(0);
    expect(store.getState().unread.totalUnread).toBe(5);
    // The Messages link's badge (the phone's Menu button repeats it).
    expect(screen.getByRole('link', { name: /Messages/ }).textContent).toContain('5');

    body = {};
    await advance(30_000);
    expect(store.getState().unread.totalUnread).toBe(0);
  });

  it('only logs a failure and keeps the count', async () => {
    storeSession({ token: 'tok', user: tenant });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = false;
    stubNetwork((r) => (new URL(r.url).pathname === UNREAD ? (fail ? json({ message: 'boom' }, 500) : json({ totalUnread: 4 })) : undefined));
    const { store } = await renderApp('/login');
    await advance(0);
    expect(store.getState().unread.totalUnread).toBe(4);

    fail = true;
    await advance(30_000);
    expect(error).toHaveBeenCalledWith(TEXTS.unreadCountFailed);
    expect(store.getState().unread.totalUnread).toBe(4);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

/** An EventSource that records where it connects and lets the test send it events. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: unknown) {
    const event = new MessageEvent<string>(type, { data: JSON.stringify(data ?? null) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  close() {
    this.closed = true;
  }
}

describe('the live message stream', () => {
  const TICKET = '/api/messages/stream-ticket';
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('trades the token for a ticket through the API, opens the stream with it and takes its unread counts', async () => {
    storeSession({ token: 'tok', user: tenant });
    const net = stubNetwork((r) => (new URL(r.url).pathname === TICKET ? json({ ticket: 'tkt-1', expiresInSeconds: 60 }) : undefined));
    const { store } = await renderApp('/login');
    await advance(0);
    const [ticketCall] = net.callsTo(TICKET);
    expect([ticketCall?.method, ticketCall?.headers.get('authorization')]).toEqual(['POST', 'Bearer tok']);
    const stream = FakeEventSource.opened.at(-1);
    expect(stream && new URL(stream.url, window.location.href).searchParams.get('ticket')).toBe('tkt-1');
    await act(async () => stream!.emit('unread', { totalUnread: 3 }));
    expect(store.getState().unread.totalUnread).toBe(3);
  });

  /** Answers each ticket request with the next ticket: tkt-1, tkt-2… */
  const ticketsInTurn = () => {
    let issued = 0;
    return stubNetwork((r) => (new URL(r.url).pathname === TICKET ? json({ ticket: `tkt-${++issued}`, expiresInSeconds: 60 }) : undefined));
  };

  it('reconnects a failed stream with a new ticket, never the used one (the server refuses a ticket used before)', async () => {
    storeSession({ token: 'tok', user: tenant });
    const net = ticketsInTurn();
    await renderApp('/login');
    await advance(0);
    const first = FakeEventSource.opened.at(-1);
    const asked = net.callsTo(TICKET).length;
    // The connection drops, or the server refuses the ticket as used (EventSource reports both as an error).
    await act(async () => first!.emit('error'));
    expect(first!.closed).toBe(true);
    await advance(1_000);
    expect(net.callsTo(TICKET)).toHaveLength(asked + 1);
    const next = FakeEventSource.opened.at(-1);
    expect(next).not.toBe(first);
    expect(ticketOf(next)).toBe(`tkt-${asked + 1}`);
    // No ticket ever opened two streams.
    const tickets = FakeEventSource.opened.map(ticketOf);
    expect(new Set(tickets).size).toBe(tickets.length);
  });

  it('stays off after a newer tab took the stream over (superseded) until the page is shown or focused again', async () => {
    storeSession({ token: 'tok', user: tenant });
    const net = ticketsInTurn();
    await renderApp('/login');
    await advance(0);
    const first = FakeEventSource.opened.at(-1)!;
    const [opened, asked] = [FakeEventSource.opened.length, net.callsTo(TICKET).length];
    await act(async () => first.emit('superseded', { reason: 'Too many live connections.', limit: 5 }));
    expect(first.closed).toBe(true);
    // No reconnection on its own: it would take the stream back from the newer tab, which would take it back again.
    await advance(120_000);
    expect(FakeEventSource.opened).toHaveLength(opened);
    expect(net.callsTo(TICKET)).toHaveLength(asked);

    await act(async () => void document.dispatchEvent(new Event('visibilitychange')));
    await advance(0);
    expect(FakeEventSource.opened).toHaveLength(opened + 1);
    const second = FakeEventSource.opened.at(-1)!;
    expect(ticketOf(second)).toBe(`tkt-${asked + 1}`);
    // Focused again while live: nothing more.
    await act(async () => void window.dispatchEvent(new Event('focus')));
    await advance(0);
    expect(FakeEventSource.opened).toHaveLength(opened + 1);

    await act(async () => second.emit('superseded', { reason: 'Too many live connections.', limit: 5 }));
    await act(async () => void window.dispatchEvent(new Event('focus')));
    await advance(0);
    expect(FakeEventSource.opened).toHaveLength(opened + 2);
    expect(ticketOf(FakeEventSource.opened.at(-1))).toBe(`tkt-${asked + 2}`);
  });

  it('opens no stream when the session is over (401), and the app logs out', async () => {
    storeSession({ token: 'revoked', user: tenant });
    stubNetwork((r) => (new URL(r.url).pathname === TICKET ? json({ message: 'Your session has expired. Please log in again.' }, 401) : undefined));
    const { store } = await renderApp('/login');
    await advance(0);
    expect(FakeEventSource.opened).toHaveLength(0);
    expect(store.getState().auth.token).toBeNull();
    await advance(60_000);
    expect(FakeEventSource.opened).toHaveLength(0);
  });
});
