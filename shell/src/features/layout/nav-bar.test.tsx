import { unreadCountChanged } from '@roomnest/shared/client';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { landlord, moderator, renderApp, settle, storeSession, stubNetwork, tenant } from '../../test/app-harness.tsx';
import { resolveFakeRemote, type LoadRemotePage } from '../../test/remote-stub.tsx';
import { loadRemotePage } from '../remotes/load-remote.ts';

vi.mock('../remotes/load-remote.ts', () => ({ loadRemotePage: vi.fn<LoadRemotePage>() }));

const mainNav = () => within(screen.getByRole('navigation', { name: 'Main' }));
const messages = () => mainNav().getByRole('link', { name: /Messages/ });
const footer = () => within(screen.getByRole('contentinfo'));
const navLinks = () =>
  mainNav()
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
/** The main navigation's links everyone has, first, whoever is signed in. */
const EVERYONES_LINKS = [
  ['RoomNest', '/'],
  ['Find a Room', '/find-a-room'],
  ['Flatmates', '/flatmates'],
  ['Pricing', '/pricing'],
];
/** A tenant's, which a moderator's begin with. */
const TENANT_LINKS = [
  ...EVERYONES_LINKS,
  ['Saved', '/saved'],
  ['Messages', '/messages'],
  ['List My Profile', '/my-flatmate-profile'],
];

beforeEach(() => {
  vi.mocked(loadRemotePage).mockImplementation(resolveFakeRemote);
  stubNetwork();
});

describe('navigation bar', () => {
  it('shows a visitor the public links', async () => {
    await renderApp('/login');
    expect(navLinks()).toEqual([
      ...EVERYONES_LINKS,
      ['Blog', '/blog'],
      ['Login', '/login'],
      ['Register', '/register'],
    ]);
    expect(mainNav().queryByRole('button', { name: 'Log Out' })).toBeNull();
  });

  it("shows a tenant Messages and 'List My Profile', without the landlord links", async () => {
    storeSession({ token: 't', user: tenant });
    await renderApp('/login');
    expect(navLinks()).toEqual(TENANT_LINKS);
    expect(mainNav().getByRole('button', { name: 'Log Out' })).toBeTruthy();
  });

  it("shows a landlord 'List Your Ad', 'Manage My Ads' and 'My Profile'", async () => {
    storeSession({ token: 't', user: landlord });
    await renderApp('/login');
    expect(navLinks()).toEqual([
      ...EVERYONES_LINKS,
      ['List Your Ad', '/post-ad'],
      ['Manage My Ads', '/my-listings'],
      ['Saved', '/saved'],
      ['Messages', '/messages'],
      ['My Profile', '/my-flatmate-profile'],
    ]);
  });

  it('shows a moderator a Moderation link, and no one else', async () => {
    storeSession({ token: 't', user: moderator });
    await renderApp('/login');
    expect(navLinks()).toEqual([...TENANT_LINKS, ['Moderation', '/moderation']]);
  });

  it("badges Messages with the unread count, '9+' above 9 and nothing at 0", async () => {
    storeSession({ token: 't', user: tenant });
    const { store } = await renderApp('/login');
    await settle(10); // the count fetched at start (0)
    await act(async () => store.dispatch(unreadCountChanged({ totalUnread: 3 })));
    expect(within(messages()).getByText('3')).toBeTruthy();
    await act(async () => store.dispatch(unreadCountChanged({ totalUnread: 12 })));
    expect(within(messages()).getByText('9+')).toBeTruthy();
    expect(messages().textContent).toContain('(12 unread)');
    await act(async () => store.dispatch(unreadCountChanged({ totalUnread: 0 })));
    expect(messages().textContent).toBe('Messages');
  });

  it('logs out: clears the session and goes to /login without a guard toast', async () => {
    storeSession({ token: 't', user: tenant });
    const { router, store } = await renderApp('/messages');
    await screen.findByText('mf_messaging/ConversationsPage at /messages');
    fireEvent.click(mainNav().getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('link', { name: 'Create an account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(mainNav().getByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it('folds into a menu button that closes on Escape and on navigation', async () => {
    await renderApp('/login');
    const button = mainNav().getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(button.getAttribute('aria-controls') ?? '')?.tagName).toBe('UL');

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(mainNav().getByRole('link', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the open menu on a tap or click outside it, not inside it', async () => {
    await renderApp('/login');
    const button = mainNav().getByRole('button', { name: 'Menu' });
    fireEvent.click(button);
    fireEvent.pointerDown(mainNav().getByRole('link', { name: 'Pricing' }));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(screen.getByRole('heading', { level: 1 }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the unread count on the menu button too, in its accessible name', async () => {
    storeSession({ token: 't', user: tenant });
    const { store } = await renderApp('/login');
    await settle(10);
    const button = () => mainNav().getByRole('button', { name: /^Menu/ });
    expect(button().textContent).toBe('Menu');
    await act(async () => store.dispatch(unreadCountChanged({ totalUnread: 12 })));
    expect(within(button()).getByText('9+')).toBeTruthy();
    expect(mainNav().getByRole('button', { name: 'Menu (12 unread messages)' })).toBe(button());
    await act(async () => store.dispatch(unreadCountChanged({ totalUnread: 1 })));
    expect(mainNav().getByRole('button', { name: 'Menu (1 unread message)' })).toBe(button());
    await act(async () => store.dispatch(unreadCountChanged({ totalUnread: 0 })));
    expect(button().textContent).toBe('Menu');
  });
});

describe('footer', () => {
  it('links every footer page', async () => {
    await renderApp('/login');
    const hrefs = footer()
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    for (const path of [
      '/about-us', '/careers', '/press', '/blog', '/rooms', '/flatmates', '/contact-us', '/faq', '/safety', '/advice',
      '/terms-conditions', '/privacy-policy', '/advertiser-tips', '/pricing', '/news', '/sitemap', '/accessibility',
    ]) {
      expect(hrefs).toContain(path);
    }
    const external = footer()
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.startsWith('https://'));
    expect(external.length).toBeGreaterThanOrEqual(6);
    for (const a of external) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toContain('noopener');
    }
    expect(footer().getByText(/© \d{4} RoomNest/)).toBeTruthy();
  });

  it("sends 'Post an Ad' to /register when logged out and /post-ad when logged in", async () => {
    await renderApp('/login');
    expect(footer().getByRole('link', { name: 'Post an Ad' }).getAttribute('href')).toBe('/register');
  });

  it("sends 'Post an Ad' to /post-ad when logged in", async () => {
    storeSession({ token: 't', user: tenant });
    await renderApp('/login');
    expect(footer().getByRole('link', { name: 'Post an Ad' }).getAttribute('href')).toBe('/post-ad');
  });
});
