import { TEXTS } from '@roomnest/shared';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, stubNetwork } from '../../test/app-harness.tsx';
import { resolveFakeRemote, type LoadRemotePage } from '../../test/remote-stub.tsx';
import { loadRemotePage } from '../remotes/load-remote.ts';

vi.mock('../remotes/load-remote.ts', () => ({ loadRemotePage: vi.fn<LoadRemotePage>() }));

const isRegister = (r: Request) => new URL(r.url).pathname === '/api/auth/register';

function fill(values: Partial<Record<'Full name' | 'Email' | 'Password' | 'Confirm password', string>>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Register' }));
const busy = () => new Response('<html>busy</html>', { status: 503 });
const valid = { 'Full name': 'Priya Shah', Email: 'priya@example.com', Password: 'secret1', 'Confirm password': 'secret1' };

beforeEach(() => {
  vi.mocked(loadRemotePage).mockImplementation(resolveFakeRemote);
});

describe('/register', () => {
  it('has the product’s fields: email of type email, Tenant selected by default, a link to login', async () => {
    stubNetwork();
    await renderApp('/register');
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect((screen.getByRole('radio', { name: /Tenant/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Landlord/ }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('shows the validation messages next to the fields', async () => {
    const net = stubNetwork();
    await renderApp('/register');
    submit();
    expect(await screen.findByText(TEXTS.nameRequired)).toBeTruthy();
    expect(screen.getByText(TEXTS.emailRequired)).toBeTruthy();

    fill({ ...valid, Password: 'abc', 'Confirm password': 'abc' });
    submit();
    expect(await screen.findByText(TEXTS.passwordTooShort)).toBeTruthy();

    fill({ Password: 'secret1', 'Confirm password': 'secret2' });
    submit();
    const mismatch = await screen.findByText(TEXTS.passwordsDoNotMatch);
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-describedby')).toContain(mismatch.id);
    expect(net.callsTo('/api/auth/register')).toHaveLength(0);
  });

  it('registers without logging in and goes to /pricing?signup=true', async () => {
    const net = stubNetwork((r) => (isRegister(r) ? json({ message: 'Registration successful. Please log in.', userId: 31 }, 201) : undefined));
    const { router, store } = await renderApp('/register');
    fill(valid);
    fireEvent.click(screen.getByRole('radio', { name: /Landlord/ }));
    submit();
    expect(await screen.findByText(TEXTS.signupSucceeded)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pricing');
    expect(router.state.location.search).toBe('?signup=true');
    expect(await net.callsTo('/api/auth/register')[0]?.clone().json()).toEqual({
      Name: 'Priya Shah',
      Email: 'priya@example.com',
      Password: 'secret1',
      UserType: 'Landlord',
    });
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('shows the server message, e.g. for an email already registered', async () => {
    stubNetwork((r) => (isRegister(r) ? json({ message: 'An account with this email already exists.' }, 409) : undefined));
    await renderApp('/register');
    fill(valid);
    submit();
    expect(await screen.findByText('An account with this email already exists.')).toBeTruthy();
  });

  it('says at the Email field that the email is registered, until the email changes', async () => {
    stubNetwork((r) => (isRegister(r) ? json({ message: 'An account with this email already exists.' }, 409) : undefined));
    await renderApp('/register');
    fill(valid);
    submit();
    const taken = await screen.findByText('An account with this email already exists.');
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toContain(taken.id);
    // Another field changing leaves it: the email is still the one registered.
    fill({ 'Full name': 'Priya S' });
    expect(screen.getByText('An account with this email already exists.')).toBeTruthy();
    fill({ Email: 'priya.shah@example.com' });
    expect(screen.queryByText('An account with this email already exists.')).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('false');
  });

  it("clears the server's failure sentence once a field changes", async () => {
    stubNetwork((r) => (isRegister(r) ? busy() : undefined));
    await renderApp('/register');
    fill(valid);
    submit();
    expect(await screen.findByText(TEXTS.serverError(503))).toBeTruthy();
    fill({ 'Full name': 'Priya S' });
    expect(screen.queryByText(TEXTS.serverError(503))).toBeNull();
  });

  it('puts the field errors of a 400 on the fields', async () => {
    stubNetwork((r) =>
      isRegister(r)
        ? json({ message: 'Some fields are missing or invalid.', errors: [{ field: 'Email', message: 'Please enter a valid email address.' }] }, 400)
        : undefined,
    );
    await renderApp('/register');
    fill(valid);
    submit();
    const fieldError = await screen.findByText('Please enter a valid email address.');
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toContain(fieldError.id);
    expect(screen.getByText('Some fields are missing or invalid.')).toBeTruthy();
  });

  it("says 'Server Error: {status}' without a server message, and the generic text without an answer", async () => {
    let failure: () => Response | Promise<Response> = busy;
    stubNetwork((r) => (isRegister(r) ? failure() : undefined));
    await renderApp('/register');
    fill(valid);
    submit();
    expect(await screen.findByText(TEXTS.serverError(503))).toBeTruthy();

    failure = () => Promise.reject(new TypeError('Failed to fetch'));
    submit();
    expect(await screen.findByText(TEXTS.signupFailed)).toBeTruthy();
  });
});
