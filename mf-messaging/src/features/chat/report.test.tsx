import { TRUST_TEXTS } from '@roomnest/shared';
import { json, renderWithHost, stubFetch, TEST_USERS } from '@roomnest/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ChatPage from './ChatPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const partner = 202;

function stubChat(partnerAnswer: () => Response = () => json({ UserID: partner, Name: 'Rajesh Patel', ProfilePictureURL: null })) {
  return stubFetch((request, url) => {
    if (url.pathname === `/api/messages/partner/${partner}`) return partnerAnswer();
    if (url.pathname === `/api/messages/conversation/${partner}`) return json([]);
    if (url.pathname === '/api/messages/unread-count') return json({ totalUnread: 0 });
    if (url.pathname === '/api/reports' && request.method === 'POST') return json({ message: TRUST_TEXTS.reportThanks, reportId: 9 }, 201);
    return undefined;
  });
}

const renderChat = () => renderWithHost(<ChatPage />, { url: `/messages/chat/${partner}`, routePath: '/messages/chat/:otherUserId', user: TEST_USERS.tenant });

describe('Chat: Report in the header', () => {
  it('reports the person of the chat, made in a chat (so the server keeps the conversation)', async () => {
    const network = stubChat();
    renderChat();
    const header = within(await screen.findByRole('banner'));
    await userEvent.click(await header.findByRole('button', { name: 'Report Rajesh Patel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Rajesh Patel' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Scam or fraud/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), 'Wants a deposit by Western Union');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(await screen.findByRole('dialog', { name: 'Report sent' })).getByText(TRUST_TEXTS.reportThanks)).toBeTruthy();
    expect(await network.callsTo('/api/reports', 'POST')[0]!.json()).toEqual({
      TargetType: 'user',
      TargetID: partner,
      Source: 'chat',
      Reason: 'scam',
      Details: 'Wants a deposit by Western Union',
    });
  });

  it('is not there when there is no one to report (the partner is not found)', async () => {
    stubChat(() => json({ message: 'User not found' }, 404));
    renderChat();
    expect(await screen.findByText('Member not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Report/ })).toBeNull();
  });
});
