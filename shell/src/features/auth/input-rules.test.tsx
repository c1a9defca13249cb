/**
 * The register and reset screens say what the API would say, before sending anything: the shared schema refuses
 * names with line breaks, tabs, invisible formatting characters or web addresses, and new passwords that are only
 * spaces or among the most common ones.
 */
import { TEXTS } from '@roomnest/shared';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubNetwork } from '../../test/app-harness.tsx';
import { resolveFakeRemote, type LoadRemotePage } from '../../test/remote-stub.tsx';
import { loadRemotePage } from '../remotes/load-remote.ts';

vi.mock('../remotes/load-remote.ts', () => ({ loadRemotePage: vi.fn<LoadRemotePage>() }));

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  vi.mocked(loadRemotePage).mockImplementation(resolveFakeRemote);
});

async function tryRegister(name: string, password: string) {
  const net = stubNetwork();
  await renderApp('/register');
  change('Full name', name);
  change('Email', 'sam@example.co.uk');
  change('Password', password);
  change('Confirm password', password);
  fireEvent.click(screen.getByRole('button', { name: 'Register' }));
  return net;
}

describe('/register', () => {
  it.each([
    ['a tab', 'Sam\tJones'],
    ['a right-to-left override', 'Sam\u202eJones'],
    ['a zero-width space', 'Sam\u200bJones'],
  ])('refuses a name with %s next to the field, without sending', async (_label, name) => {
    const net = await tryRegister(name, 'Sup3r-secret');
    const message = await screen.findByText('Name cannot contain line breaks, tabs or invisible formatting characters.');
    expect(screen.getByLabelText('Full name').getAttribute('aria-describedby')).toContain(message.id);
    expect(net.callsTo('/api/auth/register')).toHaveLength(0);
  });

  it('refuses a name with a web address', async () => {
    const net = await tryRegister('Sam https://evil.test', 'Sup3r-secret');
    expect(await screen.findByText('Name cannot contain a web address.')).toBeTruthy();
    expect(net.callsTo('/api/auth/register')).toHaveLength(0);
  });

  it.each([
    ['only spaces', '      ', TEXTS.passwordBlank],
    ['a common password', 'Qwerty123', TEXTS.passwordTooCommon],
  ])('refuses a password of %s', async (_label, password, message) => {
    const net = await tryRegister('Sam Jones', password);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(net.callsTo('/api/auth/register')).toHaveLength(0);
  });
});

describe('/reset-password', () => {
  it.each([
    ['only spaces', '        ', TEXTS.passwordBlank],
    ['a common password', 'password1', TEXTS.passwordTooCommon],
  ])('refuses a new password of %s', async (_label, password, message) => {
    const net = stubNetwork();
    await renderApp('/reset-password?token=abc123');
    change('New password', password);
    change('Confirm new password', password);
    fireEvent.click(await screen.findByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(net.callsTo('/api/auth/password-reset/confirm')).toHaveLength(0);
  });
});
