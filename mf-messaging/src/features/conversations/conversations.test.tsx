import { TEXTS, VERIFY_TEXTS, type Conversation } from '@roomnest/shared';
import { messageReceived, messagesRead } from '@roomnest/shared/client';
import { json, messageFixture, renderWithHost, stubFetch, TEST_USERS } from '@roomnest/shared/testing';
import { act, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ConversationsPage from './ConversationsPage.tsx';

const me = TEST_USERS.tenant.userId;
const conv = (o: Partial<Conversation>): Conversation => ({
  PartnerID: 202,
  PartnerName: 'Rajesh Patel',
  PartnerProfilePictureURL: null,
  PartnerEmailVerified: false,
  LastMessage: 'Hello',
  LastMessageSenderID: 202,
  LastMessageSentAt: '2026-03-02T14:05:00.000Z',
  UnreadCount: 0,
  ListingID: null,
  ListingTitle: null,
  ListingThumbUrl: null,
  ...o,
});

const render = () => renderWithHost(<ConversationsPage />, { url: '/messages', user: TEST_USERS.tenant });

describe('ConversationsPage', () => {
  it('marks a partner who has confirmed their email address, in words a screen reader hears once, in the link', async () => {
    stubFetch((_r, url) =>
      url.pathname === '/api/messages/my-conversations'
        ? json([conv({ PartnerID: 202, PartnerEmailVerified: true }), conv({ PartnerID: 303, PartnerName: 'Siobhan Murphy' })])
        : undefined,
    );
    const { findAllByRole } = render();
    const [first, second] = await findAllByRole('listitem');
    expect(within(first!).getByText(VERIFY_TEXTS.mark)).toBeTruthy();
    expect(within(first!).getByRole('link').textContent).toContain('Conversation with Rajesh Patel (email verified).');
    expect(within(second!).queryByText(VERIFY_TEXTS.mark)).toBeNull();
    expect(within(second!).getByRole('link').textContent).toContain('Conversation with Siobhan Murphy.');
  });

  it('shows the room a conversation is about, with its cover, and nothing for one about no room', async () => {
    stubFetch((_r, url) =>
      url.pathname === '/api/messages/my-conversations'
        ? json([
            conv({ PartnerID: 202, ListingID: 7, ListingTitle: 'Sunny double in Hackney', ListingThumbUrl: '/uploads/listings/ab-card.webp' }),
            conv({ PartnerID: 303, PartnerName: 'Siobhan Murphy' }),
          ])
        : undefined,
    );
    const { findAllByRole } = render();
    const [first, second] = await findAllByRole('listitem');
    expect(within(first!).getByTestId('conversation-room').textContent).toBe('About: Sunny double in Hackney');
    expect(first!.querySelector('img[src="/uploads/listings/ab-card.webp"]')).not.toBeNull();
    // The room is part of the link's name, so a screen reader hears it too.
    expect(within(first!).getByRole('link').textContent).toContain('About: Sunny double in Hackney');
    expect(within(second!).queryByTestId('conversation-room')).toBeNull();
    expect(second!.querySelector('img[src*="listings"]')).toBeNull();
  });

  it('lists partners with picture, a 50-character preview, "You: " for own messages, en-GB time and unread badges', async () => {
    const long = 'The room is still available and you are welcome to come and see it on Saturday morning';
    stubFetch((_r, url) =>
      url.pathname === '/api/messages/my-conversations'
        ? json([
            conv({ PartnerID: 202, LastMessage: long, UnreadCount: 3, PartnerProfilePictureURL: '/uploads/p.jpg' }),
            conv({ PartnerID: 303, PartnerName: 'Siobhan Murphy', LastMessage: 'Thanks!', LastMessageSenderID: me }),
          ])
        : undefined,
    );
    const { findAllByRole, getByRole } = render();
    const items = await findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByText('Rajesh Patel')).toBeTruthy();
    const preview = first.getByTestId('last-message').textContent ?? '';
    expect(preview.length).toBeLessThanOrEqual(51);
    expect(preview.endsWith('…')).toBe(true);
    expect(first.getByText('3')).toBeTruthy();
    expect(first.getByText('2 Mar 2026, 14:05')).toBeTruthy();
    expect(items[0]!.querySelector('img')?.getAttribute('src')).toBe('/uploads/p.jpg');
    expect(within(items[1]!).getByTestId('last-message').textContent).toBe('You: Thanks!');
    expect(getByRole('link', { name: /Conversation with Rajesh Patel, 3 unread/ }).getAttribute('href')).toBe('/messages/chat/202');
  });

  it('shows the empty state with links to search rooms and flatmates', async () => {
    stubFetch(() => json([]));
    const { findByRole, getByRole } = render();
    expect(await findByRole('heading', { name: 'No conversations yet' })).toBeTruthy();
    expect(getByRole('link', { name: 'Search rooms' }).getAttribute('href')).toBe('/rooms');
    expect(getByRole('link', { name: 'Find flatmates' }).getAttribute('href')).toBe('/flatmates');
  });

  it('shows the failure text with a retry', async () => {
    stubFetch(() => json({ message: 'boom' }, 500));
    const { findByText, getByRole } = render();
    expect(await findByText(TEXTS.conversationsFailed)).toBeTruthy();
    expect(getByRole('button', { name: TEXTS.retry })).toBeTruthy();
  });

  it('applies live messages and read receipts from the store without refetching', async () => {
    const net = stubFetch((_r, url) =>
      url.pathname === '/api/messages/my-conversations'
        ? json([conv({ PartnerID: 303, PartnerName: 'Siobhan Murphy', LastMessage: 'older' }), conv({ PartnerID: 202, LastMessage: 'oldest', LastMessageSentAt: '2026-03-01T10:00:00.000Z' })])
        : undefined,
    );
    const { findAllByRole, store } = render();
    await findAllByRole('listitem');
    const calls = net.calls.length;
    await act(async () => {
      store.dispatch(
        messageReceived(messageFixture({ MessageID: 50, MessageContent: 'Fresh news', SentAt: '2026-03-03T09:00:00.000Z' })),
      );
    });
    const items = await findAllByRole('listitem');
    expect(within(items[0]!).getByText('Rajesh Patel')).toBeTruthy();
    expect(within(items[0]!).getByTestId('last-message').textContent).toBe('Fresh news');
    expect(within(items[0]!).getByText('1')).toBeTruthy();
    await act(async () => {
      store.dispatch(messagesRead({ ReaderID: me, SenderID: 202, ReadAt: '2026-03-03T09:01:00.000Z' }));
    });
    expect(within((await findAllByRole('listitem'))[0]!).queryByText('1')).toBeNull();
    expect(net.calls.length).toBe(calls);
  });

  it('reads the list again when a live message is about another room (the list shows its cover)', async () => {
    let room: Partial<Conversation> = {};
    const net = stubFetch((_r, url) => (url.pathname === '/api/messages/my-conversations' ? json([conv({ PartnerID: 202, ...room })]) : undefined));
    const { findAllByRole, findByTestId, store } = render();
    await findAllByRole('listitem');
    const calls = net.callsTo('/api/messages/my-conversations').length;
    room = { ListingID: 7, ListingTitle: 'Sunny double', ListingThumbUrl: '/uploads/listings/x-card.webp', LastMessage: 'Is it free?' };
    await act(async () => {
      store.dispatch(
        messageReceived(messageFixture({ MessageID: 51, MessageContent: 'Is it free?', SentAt: '2026-03-03T09:00:00.000Z', ListingID: 7, ListingTitle: 'Sunny double' })),
      );
    });
    expect((await findByTestId('conversation-room')).textContent).toBe('About: Sunny double');
    expect(net.callsTo('/api/messages/my-conversations').length).toBe(calls + 1);
  });
});
