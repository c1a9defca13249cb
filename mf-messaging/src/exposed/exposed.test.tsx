import { json, renderWithHost, stubFetch, TEST_USERS } from '@roomnest/shared/testing';
import { describe, expect, it } from 'vitest';
import ChatPage from './ChatPage.tsx';
import ConversationsPage from './ConversationsPage.tsx';

describe('mf-messaging exposed modules', () => {
  it('ConversationsPage renders the conversation list frame', async () => {
    stubFetch(() => json([]));
    const { findByRole } = renderWithHost(<ConversationsPage />, { url: '/messages', user: TEST_USERS.tenant });
    expect(await findByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    expect(document.title).toBe('Messages | RoomNest');
  });

  it('ChatPage reads the partner from the route and links back to the list', async () => {
    stubFetch((_r, url) => (url.pathname === '/api/messages/partner/9' ? json({ UserID: 9, Name: 'Rajesh Patel', ProfilePictureURL: null }) : json([])));
    const { findByRole, getByRole } = renderWithHost(<ChatPage />, { url: '/messages/chat/9', routePath: '/messages/chat/:otherUserId', user: TEST_USERS.tenant });
    expect(await findByRole('heading', { level: 1, name: 'Rajesh Patel' })).toBeTruthy();
    expect(getByRole('link', { name: /all conversations/i }).getAttribute('href')).toBe('/messages');
  });
});
