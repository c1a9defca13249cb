import { renderWithHost, TEST_USERS } from '@roomnest/shared/testing';
import { describe, expect, it } from 'vitest';
import ChatPage from './ChatPage.tsx';
import ConversationsPage from './ConversationsPage.tsx';

describe('mf-messaging exposed modules', () => {
  it('ConversationsPage renders the conversation list frame', () => {
    const { getByRole } = renderWithHost(<ConversationsPage />, { url: '/messages', user: TEST_USERS.tenant });
    expect(getByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    expect(document.title).toBe('Messages | RoomNest');
  });

  it('ChatPage reads the partner from the route and links back to the list', () => {
    const { getByRole, getByText } = renderWithHost(<ChatPage />, { url: '/messages/chat/9', routePath: '/messages/chat/:otherUserId', user: TEST_USERS.tenant });
    expect(getByRole('heading', { level: 1, name: 'Chat' })).toBeTruthy();
    expect(getByText('Member reference: 9')).toBeTruthy();
    expect(getByRole('link', { name: /All conversations/ }).getAttribute('href')).toBe('/messages');
  });
});
