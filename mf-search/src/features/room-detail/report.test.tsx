import { TRUST_TEXTS } from '@roomnest/shared';
import { json, listingFixture, renderWithHost, stubFetch, TEST_USERS } from '@roomnest/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RoomDetailPage from '../../exposed/RoomDetailPage.tsx';

afterEach(() => vi.unstubAllGlobals());

function stubRoom() {
  return stubFetch((request, url) => {
    if (url.pathname === '/api/listings/1' && request.method === 'GET') return json(listingFixture());
    if (url.pathname === '/api/reports' && request.method === 'POST') return json({ message: TRUST_TEXTS.reportThanks, reportId: 3 }, 201);
    return undefined;
  });
}

const renderRoom = (user?: (typeof TEST_USERS)[keyof typeof TEST_USERS]) => renderWithHost(<RoomDetailPage />, { url: '/rooms/1', routePath: '/rooms/:id', user });

describe('Room detail: Report this listing', () => {
  it('a tenant reports the listing from its page', async () => {
    const network = stubRoom();
    renderRoom(TEST_USERS.tenant);
    await userEvent.click(await screen.findByRole('button', { name: 'Report this listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this listing' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Scam or fraud/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(await screen.findByRole('dialog', { name: 'Report sent' })).getByText(TRUST_TEXTS.reportThanks)).toBeTruthy();
    expect(await network.callsTo('/api/reports', 'POST')[0]!.json()).toEqual({ TargetType: 'listing', TargetID: 1, Source: 'listing', Reason: 'scam', Details: '' });
  });

  it('a visitor sees it too (it asks them to log in first)', async () => {
    stubRoom();
    renderRoom();
    expect(await screen.findByRole('button', { name: 'Report this listing' })).toBeTruthy();
  });

  it('is not on the owner’s own listing', async () => {
    stubRoom();
    renderRoom(TEST_USERS.landlord);
    expect(await screen.findByRole('link', { name: 'Edit Listing' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
  });
});
