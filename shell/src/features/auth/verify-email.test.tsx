import { VERIFY_TEXTS } from '@roomnest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, storeSession, stubNetwork, tenant } from '../../test/app-harness.tsx';
import { resolveFakeRemote, type LoadRemotePage } from '../../test/remote-stub.tsx';
import { loadRemotePage } from '../remotes/load-remote.ts';
import { BANNER_DISMISSED_KEY } from './VerifyEmailBanner.tsx';

vi.mock('../remotes/load-remote.ts', () => ({ loadRemotePage: vi.fn<LoadRemotePage>() }));

const isPath = (path: string) => (r: Request) => new URL(r.url).pathname === path;
const unverified = { ...tenant, emailVerified: false };
const storedUser = () => JSON.parse(localStorage.getItem('currentUser') ?? 'null') as typeof tenant | null;
const banner = () => screen.queryByRole('region', { name: 'Confirm your email address' });

beforeEach(() => {
  vi.mocked(loadRemotePage).mockImplementation(resolveFakeRemote);
});
afterEach(() => sessionStorage.clear());

describe('/verify-email', () => {
  it('sends the token once and says the address is confirmed, updating the stored user it is for', async () => {
    storeSession({ token: 'tok', user: unverified });
    const net = stubNetwork((r) => (isPath('/api/auth/verify-email')(r) ? json({ message: VERIFY_TEXTS.verified, userId: tenant.userId }) : undefined));
    const { store } = await renderApp('/verify-email?token=7.1800000000.sig');
    expect(await screen.findByText(VERIFY_TEXTS.verified)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeTruthy();
    // Strict mode runs the effect twice: one request all the same.
    expect(net.callsTo('/api/auth/verify-email')).toHaveLength(1);
    expect(await net.callsTo('/api/auth/verify-email')[0]!.clone().json()).toEqual({ Token: '7.1800000000.sig' });
    await waitFor(() => expect(store.getState().auth.user?.emailVerified).toBe(true));
    expect(storedUser()?.emailVerified).toBe(true);
    expect(screen.getByRole('link', { name: 'Find a room' }).getAttribute('href')).toBe('/rooms');
  });

  it('leaves another person logged in here as they are, and sends a logged-out visitor to log in', async () => {
    storeSession({ token: 'tok', user: unverified });
    stubNetwork((r) => (isPath('/api/auth/verify-email')(r) ? json({ message: VERIFY_TEXTS.verified, userId: 999 }) : undefined));
    const first = await renderApp('/verify-email?token=999.1800000000.sig');
    expect(await screen.findByText(VERIFY_TEXTS.verified)).toBeTruthy();
    expect(first.store.getState().auth.user?.emailVerified).toBe(false);
    first.unmount();

    localStorage.clear();
    stubNetwork((r) => (isPath('/api/auth/verify-email')(r) ? json({ message: VERIFY_TEXTS.alreadyVerified, userId: 5 }) : undefined));
    await renderApp('/verify-email?token=5.1800000000.sig');
    expect(await screen.findByText(VERIFY_TEXTS.alreadyVerified)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it("shows the server's reason for a dead link, and offers a logged-in unverified person a new one", async () => {
    storeSession({ token: 'tok', user: unverified });
    const net = stubNetwork(
      (r) => (isPath('/api/auth/verify-email')(r) ? json({ message: VERIFY_TEXTS.expired }, 400) : undefined),
      (r) => (isPath('/api/auth/verify-email/resend')(r) ? json({ message: VERIFY_TEXTS.resent, emailVerified: false }, 202) : undefined),
    );
    const { store } = await renderApp('/verify-email?token=7.1.sig');
    expect((await screen.findByRole('alert')).textContent).toBe(VERIFY_TEXTS.expired);
    // A 400 here ends no session.
    expect(store.getState().auth.token).toBe('tok');
    // Not the banner too: the page says it all.
    expect(banner()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: VERIFY_TEXTS.resendLabel }));
    expect(await screen.findByText(VERIFY_TEXTS.resent)).toBeTruthy();
    expect(net.callsTo('/api/auth/verify-email/resend')[0]?.headers.get('authorization')).toBe('Bearer tok');
  });

  it('says a link without its token is incomplete, without asking the server', async () => {
    const net = stubNetwork();
    await renderApp('/verify-email');
    expect((await screen.findByRole('alert')).textContent).toBe(VERIFY_TEXTS.tokenRequired);
    expect(net.callsTo('/api/auth/verify-email')).toHaveLength(0);
  });
});

describe('the reminder banner', () => {
  it('shows an unverified person where the link went, and resends with a toast of the answer', async () => {
    storeSession({ token: 'tok', user: unverified });
    const net = stubNetwork((r) => (isPath('/api/auth/verify-email/resend')(r) ? json({ message: VERIFY_TEXTS.resent, emailVerified: false }, 202) : undefined));
    await renderApp('/');
    const region = await waitFor(() => banner()!);
    expect(within(region).getByText(VERIFY_TEXTS.banner(tenant.email))).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: VERIFY_TEXTS.resendLabel }));
    expect(await screen.findByText(VERIFY_TEXTS.resent)).toBeTruthy();
    expect(net.callsTo('/api/auth/verify-email/resend')).toHaveLength(1);
    expect(banner()).toBeTruthy();
  });

  it("toasts the limit's message when there have been too many", async () => {
    storeSession({ token: 'tok', user: unverified });
    stubNetwork((r) => (isPath('/api/auth/verify-email/resend')(r) ? json({ message: VERIFY_TEXTS.resendTooMany }, 429) : undefined));
    await renderApp('/');
    fireEvent.click(within(await waitFor(() => banner()!)).getByRole('button', { name: VERIFY_TEXTS.resendLabel }));
    expect(await screen.findByText(VERIFY_TEXTS.resendTooMany)).toBeTruthy();
  });

  it('goes when the server says the address is confirmed already', async () => {
    storeSession({ token: 'tok', user: unverified });
    stubNetwork((r) => (isPath('/api/auth/verify-email/resend')(r) ? json({ message: VERIFY_TEXTS.alreadyVerified, emailVerified: true }) : undefined));
    await renderApp('/');
    fireEvent.click(within(await waitFor(() => banner()!)).getByRole('button', { name: VERIFY_TEXTS.resendLabel }));
    await waitFor(() => expect(banner()).toBeNull());
    expect(storedUser()?.emailVerified).toBe(true);
  });

  it('is not shown to a verified person or a visitor', async () => {
    storeSession({ token: 'tok', user: tenant });
    stubNetwork();
    const first = await renderApp('/');
    expect(await screen.findByRole('navigation', { name: /main/i })).toBeTruthy();
    expect(banner()).toBeNull();
    first.unmount();
    localStorage.clear();
    await renderApp('/');
    expect(banner()).toBeNull();
  });

  it('can be dismissed for the rest of the browser session, by keyboard', async () => {
    storeSession({ token: 'tok', user: unverified });
    stubNetwork();
    const first = await renderApp('/');
    const dismiss = within(await waitFor(() => banner()!)).getByRole('button', { name: 'Dismiss this reminder' });
    dismiss.focus();
    fireEvent.click(dismiss);
    expect(banner()).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(BANNER_DISMISSED_KEY) ?? '[]')).toEqual([tenant.userId]);
    first.unmount();
    await renderApp('/');
    expect(banner()).toBeNull();
  });
});
