import { SAVED_TEXTS, type Profile, type SavedSearch } from '@roomnest/shared';
import { json, renderWithHost, stubFetch, TEST_USERS, type FetchHandler } from '@roomnest/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MyProfilePage from '../../exposed/MyProfilePage.tsx';
import { profileFixture } from '../../test/fixtures.ts';
import { EMAIL_SETTING_FAILED, MESSAGE_EMAIL_LABEL } from './NotificationsSection.tsx';

afterEach(() => vi.unstubAllGlobals());

const search = (over: Partial<SavedSearch>): SavedSearch => ({
  SavedSearchID: 1,
  Name: 'Doubles in Hackney',
  Criteria: { address: 'Hackney', roomType: 'Double' },
  Frequency: 'instant',
  CreatedAt: '2026-11-20T10:00:00.000Z',
  LastSentAt: null,
  ...over,
});

interface Server {
  profile: Profile;
  searches: SavedSearch[];
  put?: (body: { EmailOnMessage: boolean }) => Response;
}

/** GET and PUT /api/users/profile and GET /api/saved-searches of one signed-in member. */
function stubApi(server: Server) {
  const handler: FetchHandler = async (request, url) => {
    if (url.pathname === '/api/saved-searches' && request.method === 'GET') return json({ savedSearches: server.searches });
    if (url.pathname !== '/api/users/profile') return undefined;
    if (request.method === 'GET') return json(server.profile);
    if (request.method === 'PUT') {
      const body = (await request.json()) as { EmailOnMessage: boolean };
      if (server.put) return server.put(body);
      server.profile = { ...server.profile, EmailOnMessage: body.EmailOnMessage };
      return json({ message: SAVED_TEXTS.emailSettingsSaved, user: server.profile });
    }
    return undefined;
  };
  return stubFetch(handler);
}

/** An answer the test gives when it chooses. */
function deferred() {
  const box: { answer: (r: Response) => void } = { answer: () => undefined };
  const pending = new Promise<Response>((resolve) => {
    box.answer = resolve;
  });
  return { pending, answer: (r: Response) => box.answer(r) };
}

const section = async () => within(await screen.findByRole('region', { name: 'Email notifications' }));

describe('My Profile: notifications', () => {
  it('is the section the email settings link lands on, with the message setting and a summary of the saved searches', async () => {
    stubApi({
      profile: profileFixture({ UserID: TEST_USERS.landlord.userId, Name: TEST_USERS.landlord.name, UserType: 'Landlord' }),
      searches: [search({}), search({ SavedSearchID: 2, Name: 'Studios anywhere', Criteria: { roomType: 'Studio' }, Frequency: 'daily' })],
    });
    renderWithHost(<MyProfilePage />, { url: '/my-flatmate-profile#notifications', user: TEST_USERS.landlord });
    const notifications = await section();
    expect(document.getElementById('notifications')?.contains(notifications.getByRole('switch'))).toBe(true);
    expect((notifications.getByRole('switch', { name: MESSAGE_EMAIL_LABEL }) as HTMLInputElement).checked).toBe(true);
    const list = within(await notifications.findByRole('list', { name: 'Emails about your saved searches' }));
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Doubles in HackneyInstant', 'Studios anywhereDaily digest']);
    expect(notifications.getByRole('link', { name: 'Manage saved searches' }).getAttribute('href')).toBe('/saved-searches');
  });

  it('turns message emails off at once, sending JSON {EmailOnMessage}, with a toast', async () => {
    const server: Server = { profile: profileFixture({ EmailOnMessage: true }), searches: [] };
    const net = stubApi(server);
    renderWithHost(<MyProfilePage />, { url: '/my-flatmate-profile', user: TEST_USERS.tenant });
    const notifications = await section();
    const user = userEvent.setup();
    const toggle = notifications.getByRole('switch', { name: MESSAGE_EMAIL_LABEL }) as HTMLInputElement;
    await user.click(toggle);
    expect(toggle.checked).toBe(false);
    expect(await screen.findByText(SAVED_TEXTS.emailSettingsSaved)).toBeTruthy();
    expect(await net.callsTo('/api/users/profile', 'PUT')[0]!.json()).toEqual({ EmailOnMessage: false });
    expect(server.profile.EmailOnMessage).toBe(false);
    expect(await notifications.findByText(/You have no saved searches/)).toBeTruthy();
  });

  it('puts the switch back and says so when the server refuses', async () => {
    const { pending, answer } = deferred();
    const server: Server = { profile: profileFixture({ EmailOnMessage: true }), searches: [] };
    let puts = 0;
    const handler: FetchHandler = async (request, url) => {
      if (url.pathname === '/api/saved-searches') return json({ savedSearches: [] });
      if (url.pathname !== '/api/users/profile') return undefined;
      if (request.method === 'GET') return json(server.profile);
      // First the server's sentence, after a wait; then an answer without one (a proxy's page).
      return ++puts === 1 ? pending : new Response('Bad gateway', { status: 502 });
    };
    stubFetch(handler);
    renderWithHost(<MyProfilePage />, { url: '/my-flatmate-profile', user: TEST_USERS.tenant });
    const notifications = await section();
    const user = userEvent.setup();
    const toggle = notifications.getByRole('switch', { name: MESSAGE_EMAIL_LABEL }) as HTMLInputElement;
    await user.click(toggle);
    // At once, before the server answers.
    expect(toggle.checked).toBe(false);
    answer(json({ message: 'Service unavailable.' }, 503));
    expect(await screen.findByText('Service unavailable.')).toBeTruthy();
    await waitFor(() => expect(toggle.checked).toBe(true));
    await user.click(toggle);
    expect(await screen.findByText(EMAIL_SETTING_FAILED)).toBeTruthy();
    await waitFor(() => expect(toggle.checked).toBe(true));
  });
});
