import { TEXTS } from '@roomnest/shared';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, landlord, renderApp, stubNetwork } from '../../test/app-harness.tsx';
import { resolveFakeRemote, type LoadRemotePage } from '../../test/remote-stub.tsx';
import { loadRemotePage } from '../remotes/load-remote.ts';

vi.mock('../remotes/load-remote.ts', () => ({ loadRemotePage: vi.fn<LoadRemotePage>() }));

const isLogin = (r: Request) => new URL(r.url).pathname === '/api/auth/login';

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

beforeEach(() => {
  vi.mocked(loadRemotePage).mockImplementation(resolveFakeRemote);
});

describe('/login', () => {
  it('has email and password fields, a forgot-password link and a link to register', async () => {
    stubNetwork();
    await renderApp('/login');
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
  });

  it('requires email and password', async () => {
    const net = stubNetwork();
    await renderApp('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(TEXTS.emailRequired)).toBeTruthy();
    expect(screen.getByText(TEXTS.passwordRequired)).toBeTruthy();
    expect(net.callsTo('/api/auth/login')).toHaveLength(0);
  });

  it('logs in: stores the session, greets for 4 s, fetches the unread count and goes to /pricing', async () => {
    const net = stubNetwork((r) => (isLogin(r) ? json({ token: 'tok-9', message: 'Login successful.', user: landlord }) : undefined));
    const { router, store } = await renderApp('/login');
    fillAndSubmit(' olu@example.com ', 'Landlord123!');

    expect(await screen.findByText(TEXTS.loginGreeting('Olu Bakare'))).toBeTruthy();
    expect(await screen.findByText('mf_content/ContentPage at /pricing')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pricing');
    expect(store.getState().auth).toEqual({ token: 'tok-9', user: landlord });
    expect(localStorage.getItem('authToken')).toBe('tok-9');

    const [request] = net.callsTo('/api/auth/login');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('authorization')).toBeNull();
    expect(await request?.clone().json()).toEqual({ Email: 'olu@example.com', Password: 'Landlord123!' });
    expect(net.callsTo('/api/messages/unread-count')[0]?.headers.get('authorization')).toBe('Bearer tok-9');
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();
  });

  it('shows the server message on failure', async () => {
    stubNetwork((r) => (isLogin(r) ? json({ message: 'Invalid email or password.' }, 401) : undefined));
    const { store } = await renderApp('/login');
    fillAndSubmit('olu@example.com', 'nope');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
    expect(store.getState().auth.token).toBeNull();
  });

  it('falls back to the product’s text when the server gives no message', async () => {
    stubNetwork((r) => (isLogin(r) ? new Response('upstream down', { status: 502 }) : undefined));
    await renderApp('/login');
    fillAndSubmit('olu@example.com', 'secret1');
    expect(await screen.findByText(TEXTS.loginFailed)).toBeTruthy();
  });

  it('disables the button while the call is under way', async () => {
    let answer: ((r: Response) => void) | undefined;
    stubNetwork((r) => (isLogin(r) ? new Promise<Response>((resolve) => (answer = resolve)) : undefined));
    await renderApp('/login');
    fillAndSubmit('olu@example.com', 'secret1');
    const button = await screen.findByRole('button', { name: 'Logging in…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    answer?.(json({ message: 'Invalid email or password.' }, 401));
    expect(await screen.findByText('Invalid email or password.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
