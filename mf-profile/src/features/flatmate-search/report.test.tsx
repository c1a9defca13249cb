import { TRUST_TEXTS } from '@roomnest/shared';
import { json, renderWithHost, stubFetch, TEST_USERS } from '@roomnest/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FlatmatesPage from '../../exposed/FlatmatesPage.tsx';
import { flatmateFixture, flatmatePage } from '../../test/fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const cards = [flatmateFixture(), flatmateFixture({ UserID: TEST_USERS.tenant.userId, Name: TEST_USERS.tenant.name })];

function stubFlatmates() {
  return stubFetch((request, url) => {
    if (url.pathname === '/api/users/flatmate-search' && request.method === 'GET') return json(flatmatePage(cards));
    if (url.pathname === '/api/reports' && request.method === 'POST') return json({ message: TRUST_TEXTS.reportUpdated, reportId: 4 }, 200);
    return undefined;
  });
}

const card = async (name: string) => within(await screen.findByRole('article', { name }));

function LoginProbe() {
  return <output data-testid="login-state">{JSON.stringify(useLocation().state)}</output>;
}

describe('Flatmates: Report on a card', () => {
  it('reports the card’s person, from a flatmate card, and is not on one’s own card', async () => {
    const network = stubFlatmates();
    renderWithHost(<FlatmatesPage />, { url: '/flatmates', user: TEST_USERS.tenant });
    expect((await card(TEST_USERS.tenant.name)).queryByRole('button', { name: /^Report/ })).toBeNull();

    await userEvent.click((await card('Priya Shah')).getByRole('button', { name: 'Report Priya Shah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Priya Shah' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Offensive or abusive/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), 'Abusive bio');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(await screen.findByRole('dialog', { name: 'Report sent' })).getByText(TRUST_TEXTS.reportUpdated)).toBeTruthy();
    expect(await network.callsTo('/api/reports', 'POST')[0]!.json()).toEqual({ TargetType: 'user', TargetID: 501, Source: 'flatmate', Reason: 'offensive', Details: 'Abusive bio' });
  });

  it('is on every card for a visitor, and takes them to log in with that card’s person in the return URL', async () => {
    stubFlatmates();
    renderWithHost(
      <Routes>
        <Route path="/flatmates" element={<FlatmatesPage />} />
        <Route path="/login" element={<LoginProbe />} />
      </Routes>,
      { url: '/flatmates?preferred_locations=Hackney' },
    );
    expect((await card(TEST_USERS.tenant.name)).getByRole('button', { name: `Report ${TEST_USERS.tenant.name}` })).toBeTruthy();
    await userEvent.click((await card('Priya Shah')).getByRole('button', { name: 'Report Priya Shah' }));
    expect(JSON.parse(screen.getByTestId('login-state').textContent!)).toEqual({ from: { pathname: '/flatmates', search: '?preferred_locations=Hackney&report=user-501', hash: '' } });
  });
});
