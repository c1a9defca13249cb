import { TRUST_TEXTS, type BlockedUser } from '@roomnest/shared';
import { json, renderWithHost, stubFetch, TEST_USERS } from '@roomnest/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MyProfilePage from '../../exposed/MyProfilePage.tsx';
import { profileFixture } from '../../test/fixtures.ts';
import { BLOCKED_PEOPLE_FAILED } from './BlockedPeopleSection.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The users API of one signed-in tenant and a blocks list that DELETE changes, as the server's does. */
function stubApi(initial: BlockedUser[] | 'fail') {
  let users = initial === 'fail' ? [] : [...initial];
  let failing = initial === 'fail';
  const net = stubFetch(async (request, url) => {
    if (url.pathname === '/api/users/profile' && request.method === 'GET') return json(profileFixture());
    if (url.pathname === '/api/blocks' && request.method === 'GET') {
      if (failing) {
        failing = false;
        return json({ message: 'Something went wrong on our side. Please try again.' }, 500);
      }
      return json({ users });
    }
    const unblock = /^\/api\/blocks\/(\d+)$/.exec(url.pathname);
    if (unblock && request.method === 'DELETE') {
      users = users.filter((u) => u.UserID !== Number(unblock[1]));
      return json({ message: TRUST_TEXTS.unblockDone });
    }
    return undefined;
  });
  return net;
}

const section = async () => {
  const heading = await screen.findByRole('heading', { name: 'Blocked people' });
  return within(heading.closest('section')!);
};

describe('My profile: Blocked people', () => {
  it('lists the people blocked, newest first, and unblocks one, which leaves the list', async () => {
    const net = stubApi([
      { UserID: 31, Name: 'Sam Scammer' },
      { UserID: 32, Name: 'Rude Rob' },
    ]);
    renderWithHost(<MyProfilePage />, { url: '/my-flatmate-profile', user: TEST_USERS.tenant });
    const blocked = await section();
    const list = await blocked.findByRole('list', { name: 'Blocked people' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('Sam Scammer'), expect.stringContaining('Rude Rob')]);

    await userEvent.click(blocked.getByRole('button', { name: 'Unblock Sam Scammer' }));
    await waitFor(() => expect(blocked.queryByText('Sam Scammer')).toBeNull());
    expect(net.callsTo('/api/blocks/31', 'DELETE')).toHaveLength(1);
    expect(blocked.getByText('Rude Rob')).toBeTruthy();
    expect(await screen.findByText(TRUST_TEXTS.unblockDone)).toBeTruthy();
  });

  it('says so when nobody is blocked', async () => {
    stubApi([]);
    renderWithHost(<MyProfilePage />, { url: '/my-flatmate-profile', user: TEST_USERS.tenant });
    expect(await (await section()).findByText(TRUST_TEXTS.blockedPeopleEmpty)).toBeTruthy();
  });

  it('says when the list could not be loaded, and Try again reads it again', async () => {
    stubApi('fail');
    renderWithHost(<MyProfilePage />, { url: '/my-flatmate-profile', user: TEST_USERS.tenant });
    const blocked = await section();
    expect(await blocked.findByText(/Something went wrong on our side|could not be loaded/)).toBeTruthy();
    expect(BLOCKED_PEOPLE_FAILED).toMatch(/could not be loaded/);
    await userEvent.click(blocked.getByRole('button', { name: 'Try again' }));
    expect(await blocked.findByText(TRUST_TEXTS.blockedPeopleEmpty)).toBeTruthy();
  });
});
