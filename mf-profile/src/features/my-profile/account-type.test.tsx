import { ACCOUNT_TYPE_TEXTS, type PlanUsage, type Profile, type UserType } from '@roomnest/shared';
import { json, renderWithHost, stubFetch, TEST_USERS } from '@roomnest/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MyProfilePage from '../../exposed/MyProfilePage.tsx';
import { profileFixture } from '../../test/fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const usage = (active: number, lastExpiresAt: string | null = null): PlanUsage => ({
  plan: 'Free',
  unlimitedMessages: false,
  listings: { limit: 1, active, nextExpiresAt: lastExpiresAt, lastExpiresAt },
  newConversations: { limit: 2, started: 0, remaining: 2, resetsOn: '2026-12-01' },
});

/** The users API of one member: the profile, the plan usage, and the switch, answered by `put` (default: it works). */
function stubAccount(profile: Profile, plan: PlanUsage, put?: (to: UserType) => Response) {
  const state = { profile, sent: [] as unknown[] };
  const net = stubFetch(async (request, url) => {
    if (url.pathname === '/api/users/plan-usage') return json(plan);
    if (url.pathname !== '/api/users/profile') return undefined;
    if (request.method === 'GET') return json(state.profile);
    if (request.method === 'PUT') {
      const body = (await request.json()) as { UserType: UserType };
      state.sent.push(body);
      if (put) return put(body.UserType);
      state.profile = { ...state.profile, UserType: body.UserType };
      return json({ message: ACCOUNT_TYPE_TEXTS.switched(body.UserType), user: state.profile });
    }
    return undefined;
  });
  return { ...net, state };
}

const card = () => within(screen.getByRole('region', { name: 'Account type' }));

describe('My Profile: the account type', () => {
  it('turns a tenant into a landlord, and the session user (nav, guards, stored currentUser) follows at once', async () => {
    const api = stubAccount(profileFixture(), usage(0));
    const user = userEvent.setup();
    const { store } = renderWithHost(<MyProfilePage />, { url: '/my-flatmate-profile', user: TEST_USERS.tenant });
    await screen.findByRole('region', { name: 'Account type' });
    expect(card().getByText('Tenant')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'List My Profile' })).toBeTruthy();
    await user.click(card().getByRole('button', { name: 'Switch to a landlord account' }));
    expect(await screen.findByText(ACCOUNT_TYPE_TEXTS.switched('Landlord'))).toBeTruthy();
    expect(api.state.sent).toEqual([{ UserType: 'Landlord' }]);
    expect(store.getState().auth.user?.userType).toBe('Landlord');
    // The page title follows the nav label of the new type.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy());
    expect(await card().findByRole('button', { name: 'Switch to a tenant account' })).toBeTruthy();
  });

  it('tells a landlord with live listings why they cannot become a tenant yet, before they try', async () => {
    const api = stubAccount(profileFixture({ UserType: 'Landlord' }), usage(2, '2026-12-20T10:00:00.000Z'));
    renderWithHost(<MyProfilePage />, { url: '/my-flatmate-profile', user: { ...TEST_USERS.landlord, userId: TEST_USERS.tenant.userId } });
    await screen.findByRole('region', { name: 'Account type' });
    const button = card().getByRole('button', { name: 'Switch to a tenant account' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    const why = card().getByText(/You have 2 live listings/);
    expect(why.textContent).toContain(ACCOUNT_TYPE_TEXTS.liveListingsBlockTenant(2, '2026-12-20T10:00:00.000Z'));
    expect(why.textContent).toContain('on 20 Dec 2026');
    expect(card().getByRole('link', { name: 'Manage My Ads' }).getAttribute('href')).toBe('/my-listings');
    expect(button.getAttribute('aria-describedby')).toBe(why.id);
    expect(api.state.sent).toEqual([]);
  });

  it('lets a landlord without live listings switch, and shows the server’s refusal when listings appeared meanwhile', async () => {
    const refusal = ACCOUNT_TYPE_TEXTS.liveListingsBlockTenant(1, '2026-12-20T10:00:00.000Z');
    stubAccount(profileFixture({ UserType: 'Landlord' }), usage(0), () => json({ message: refusal }, 409));
    const user = userEvent.setup();
    const { store } = renderWithHost(<MyProfilePage />, { url: '/my-flatmate-profile', user: { ...TEST_USERS.landlord, userId: TEST_USERS.tenant.userId } });
    await screen.findByRole('region', { name: 'Account type' });
    const button = card().getByRole('button', { name: 'Switch to a tenant account' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(store.getState().auth.user?.userType).toBe('Landlord');
  });
});
