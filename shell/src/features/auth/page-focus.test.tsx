/**
 * The shell's own pages take focus on their heading when a link opens them
 * (usePageFocus), like the remotes' pages, so keyboard and screen-reader
 * users land on the new page; a page opened directly leaves focus alone.
 */
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubNetwork } from '../../test/app-harness.tsx';
import { resolveFakeRemote, type LoadRemotePage } from '../../test/remote-stub.tsx';
import { loadRemotePage } from '../remotes/load-remote.ts';

vi.mock('../remotes/load-remote.ts', () => ({ loadRemotePage: vi.fn<LoadRemotePage>() }));

beforeEach(() => {
  vi.mocked(loadRemotePage).mockImplementation(resolveFakeRemote);
});

const h1 = () => screen.getByRole('heading', { level: 1 });

describe('focus on the shell pages’ headings', () => {
  it.each([
    ['/login', 'Welcome back'],
    ['/register', 'Create your account'],
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password?token=abc', 'Choose a new password'],
    ['/no-such-page', 'Page not found'],
  ])('a navigation to %s focuses “%s”', async (path, heading) => {
    stubNetwork();
    const { router } = await renderApp('/pricing');
    await act(() => router.navigate(path));
    expect(h1().textContent).toBe(heading);
    expect(document.activeElement).toBe(h1());
  });

  it('a page opened directly leaves focus where the browser put it', async () => {
    stubNetwork();
    await renderApp('/login');
    expect(h1().textContent).toBe('Welcome back');
    expect(document.activeElement).not.toBe(h1());
  });
});
