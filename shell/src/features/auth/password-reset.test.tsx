import { PASSWORD_RESET_TEXTS, TEXTS } from '@roomnest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, stubNetwork } from '../../test/app-harness.tsx';
import { resolveFakeRemote, type LoadRemotePage } from '../../test/remote-stub.tsx';
import { loadRemotePage } from '../remotes/load-remote.ts';

vi.mock('../remotes/load-remote.ts', () => ({ loadRemotePage: vi.fn<LoadRemotePage>() }));

const isPath = (path: string) => (r: Request) => new URL(r.url).pathname === path;
const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  vi.mocked(loadRemotePage).mockImplementation(resolveFakeRemote);
});

describe('/forgot-password', () => {
  it('is linked from /login', async () => {
    stubNetwork();
    const { router } = await renderApp('/login');
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('form', { name: 'Reset password' })).toBeTruthy();
  });

  it('checks the email before sending', async () => {
    const net = stubNetwork();
    await renderApp('/forgot-password');
    fireEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(TEXTS.emailRequired)).toBeTruthy();
    change('Email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(TEXTS.emailInvalid)).toBeTruthy();
    expect(net.callsTo('/api/auth/password-reset')).toHaveLength(0);
  });

  it('sends the email and shows the same message whatever the answer says about accounts', async () => {
    const net = stubNetwork((r) => (isPath('/api/auth/password-reset')(r) ? json({ message: PASSWORD_RESET_TEXTS.requested }, 202) : undefined));
    await renderApp('/forgot-password');
    change('Email', 'Someone@Example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(PASSWORD_RESET_TEXTS.requested)).toBeTruthy();
    expect(await net.callsTo('/api/auth/password-reset')[0]?.clone().json()).toEqual({ Email: 'Someone@Example.com' });
    expect(screen.queryByRole('form', { name: 'Reset password' })).toBeNull();
  });

  it('says so when the call fails', async () => {
    stubNetwork((r) => (isPath('/api/auth/password-reset')(r) ? new Response('<html>busy</html>', { status: 503 }) : undefined));
    await renderApp('/forgot-password');
    change('Email', 'someone@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Reset password' })).toBeTruthy();
  });
});

describe('/reset-password', () => {
  it('applies the rules of registration and sends nothing until they pass', async () => {
    const net = stubNetwork();
    await renderApp('/reset-password?token=abc123');
    await screen.findByRole('form', { name: 'Set a new password' });
    change('New password', 'abc');
    change('Confirm new password', 'abc');
    fireEvent.click(await screen.findByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(TEXTS.passwordTooShort)).toBeTruthy();
    change('New password', 'secret1');
    change('Confirm new password', 'secret2');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(TEXTS.passwordsDoNotMatch)).toBeTruthy();
    expect(net.callsTo('/api/auth/password-reset/confirm')).toHaveLength(0);
  });

  it('sends the token from the link and the new password, then toasts and goes to /login', async () => {
    const net = stubNetwork((r) => (isPath('/api/auth/password-reset/confirm')(r) ? json({ message: PASSWORD_RESET_TEXTS.done }) : undefined));
    const { router } = await renderApp('/reset-password?token=abc123');
    await screen.findByRole('form', { name: 'Set a new password' });
    change('New password', 'secret1');
    change('Confirm new password', 'secret1');
    fireEvent.click(await screen.findByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(PASSWORD_RESET_TEXTS.done)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await net.callsTo('/api/auth/password-reset/confirm')[0]?.clone().json()).toEqual({ Token: 'abc123', Password: 'secret1' });
  });

  it('shows the server message for a dead link', async () => {
    stubNetwork((r) => (isPath('/api/auth/password-reset/confirm')(r) ? json({ message: PASSWORD_RESET_TEXTS.invalidToken }, 400) : undefined));
    const { router } = await renderApp('/reset-password?token=used');
    await screen.findByRole('form', { name: 'Set a new password' });
    change('New password', 'secret1');
    change('Confirm new password', 'secret1');
    fireEvent.click(await screen.findByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(PASSWORD_RESET_TEXTS.invalidToken)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(screen.getByRole('link', { name: 'Ask for a new one' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('without a token, says the link is incomplete and shows no form', async () => {
    stubNetwork();
    await renderApp('/reset-password');
    expect(await screen.findByText(PASSWORD_RESET_TEXTS.tokenRequired)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Set a new password' })).toBeNull();
  });
});

describe('redirects of the original design’s dead links', () => {
  it.each([
    ['/signup', '/register'],
    ['/safety-advice', '/safety'],
  ])('%s replaces itself with %s', async (from, to) => {
    stubNetwork();
    const { router } = await renderApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
