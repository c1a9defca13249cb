import { ENQUIRY_DRAFT, PLAN_TEXTS, TEXTS, VERIFY_TEXTS, type Message, type PlanUsage } from '@roomnest/shared';
import { listingFixture } from '@roomnest/shared/testing';
import { messageReceived, messagesRead, messageStreamConnected } from '@roomnest/shared/client';
import { json, messageFixture, renderWithHost, stubFetch, TEST_USERS } from '@roomnest/shared/testing';
import { act, fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messagingApi } from '../../api/messaging-api.ts';
import ChatPage from './ChatPage.tsx';

const me = TEST_USERS.tenant.userId;
const partner = 202;
/** A message of the thread, from me unless the test says otherwise. */
const msg = (o: Partial<Message>): Message => messageFixture({ SenderID: me, ReceiverID: partner, SenderName: TEST_USERS.tenant.name, ReceiverName: 'Rajesh Patel', ...o });

/** GET /api/users/plan-usage for a Free member with `remaining` new conversations left this month (null: unlimited). */
const usage = (remaining: number | null): PlanUsage => ({
  plan: remaining === null ? 'Premium' : 'Free',
  unlimitedMessages: false,
  listings: { limit: 1, active: 0, nextExpiresAt: null, lastExpiresAt: null },
  newConversations: { limit: remaining === null ? null : 2, started: remaining === null ? 7 : 2 - remaining, remaining, resetsOn: '2026-04-01' },
});

function network(thread: Message[] | Response | (() => Promise<Response>) = [], send?: (body: unknown) => Response, plan?: PlanUsage, partnerVerified = false) {
  return stubFetch(async (r, url) => {
    if (url.pathname === '/api/users/plan-usage' && plan) return json(plan);
    if (url.pathname === `/api/messages/partner/${partner}`) return json({ UserID: partner, Name: 'Rajesh Patel', ProfilePictureURL: null, EmailVerified: partnerVerified });
    if (url.pathname === `/api/messages/conversation/${partner}`) return typeof thread === 'function' ? thread() : thread instanceof Response ? thread.clone() : json(thread);
    if (url.pathname === '/api/messages/unread-count') return json({ totalUnread: 0 });
    if (url.pathname === '/api/listings/7') return json(listingFixture({ ListingID: 7, LandlordID: partner, Title: 'Sunny double in Hackney', ThumbnailUrl: '/uploads/listings/ab-card.webp' }));
    if (url.pathname.startsWith('/api/listings/')) return json({ message: 'Listing not found.' }, 404);
    if (url.pathname === '/api/messages' && r.method === 'POST') return send ? send(await r.json()) : json({ message: 'no' }, 500);
    return undefined;
  });
}

const render = () => renderWithHost(<ChatPage />, { url: `/messages/chat/${partner}`, routePath: '/messages/chat/:otherUserId', user: TEST_USERS.tenant });

const renderAbout = (listing: number) =>
  renderWithHost(<ChatPage />, { url: `/messages/chat/${partner}?listing=${listing}`, routePath: '/messages/chat/:otherUserId', user: TEST_USERS.tenant });

describe('ChatPage header', () => {
  it('marks a partner who has confirmed their email address, and no other', async () => {
    network([], undefined, undefined, true);
    const first = render();
    await first.findByRole('heading', { level: 1, name: 'Rajesh Patel' });
    expect(first.getByText(VERIFY_TEXTS.mark)).toBeTruthy();
    first.unmount();
    network();
    const second = render();
    await second.findByRole('heading', { level: 1, name: 'Rajesh Patel' });
    expect(second.queryByText(VERIFY_TEXTS.mark)).toBeNull();
  });
});

describe('ChatPage about a room (Contact Landlord)', () => {
  it('shows the room above the send box, drafts the enquiry for editing and sends it with the ListingID', async () => {
    const posted: unknown[] = [];
    network([], (body) => {
      posted.push(body);
      return json({ messageId: 9, newMessageDetails: msg({ MessageID: 9, MessageContent: 'Hi, is it free from May?', ListingID: 7, ListingTitle: 'Sunny double in Hackney' }) }, 201);
    });
    const { findByRole, findByLabelText, getByRole, findByText } = renderAbout(7);
    const bar = await findByRole('group', { name: 'The room you are asking about' });
    const link = await findByRole('link', { name: 'Sunny double in Hackney' });
    expect(link.getAttribute('href')).toBe('/rooms/7');
    expect(bar.querySelector('img')?.getAttribute('src')).toBe('/uploads/listings/ab-card.webp');
    const box = (await findByLabelText('Message to Rajesh Patel')) as HTMLTextAreaElement;
    expect(box.value).toBe(ENQUIRY_DRAFT);
    fireEvent.change(box, { target: { value: 'Hi, is it free from May?' } });
    fireEvent.click(getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posted).toEqual([{ ReceiverID: partner, MessageContent: 'Hi, is it free from May?', ListingID: 7 }]));
    // The thread then names the room where it turns to it.
    expect(await findByText(/^About/, { selector: 'li' })).toBeTruthy();
  });

  it('sends without the room once it is removed, and attaches none that is not the partner’s or not found', async () => {
    const posted: unknown[] = [];
    network([], (body) => {
      posted.push(body);
      return json({ messageId: 9, newMessageDetails: msg({ MessageID: 9 }) }, 201);
    });
    const { findByRole, getByRole, queryByRole, location, findByLabelText } = renderAbout(7);
    await findByRole('group', { name: 'The room you are asking about' });
    fireEvent.click(getByRole('button', { name: 'Remove the room Sunny double in Hackney' }));
    await waitFor(() => expect(queryByRole('group', { name: 'The room you are asking about' })).toBeNull());
    expect(location()).toBe(`/messages/chat/${partner}`);
    expect(((await findByLabelText('Message to Rajesh Patel')) as HTMLTextAreaElement).value).toBe(ENQUIRY_DRAFT);
    fireEvent.click(getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posted).toEqual([{ ReceiverID: partner, MessageContent: ENQUIRY_DRAFT }]));
  });

  it('keeps a room that has left search when the conversation already names it', async () => {
    network([msg({ MessageID: 1, MessageContent: 'Is it free?', ListingID: 8, ListingTitle: 'Let already' })]);
    const { findByRole } = renderAbout(8);
    const bar = await findByRole('group', { name: 'The room you are asking about' });
    expect(bar.textContent).toContain('Let already');
  });
});

describe('ChatPage', () => {
  it('names the room in the history where the conversation turns to it, for both sides', async () => {
    network([
      msg({ MessageID: 1, MessageContent: 'Is the double free?', ListingID: 7, ListingTitle: 'Sunny double' }),
      msg({ MessageID: 2, SenderID: partner, ReceiverID: me, SenderName: 'Rajesh Patel', MessageContent: 'Yes', ListingID: null }),
      msg({ MessageID: 3, MessageContent: 'And is it near the station?', ListingID: 7, ListingTitle: 'Sunny double' }),
      msg({ MessageID: 4, SenderID: partner, ReceiverID: me, SenderName: 'Rajesh Patel', MessageContent: 'The single is free too', ListingID: 9, ListingTitle: 'Quiet single' }),
    ]);
    const { findAllByRole, getByRole } = render();
    await waitFor(async () => expect(await findAllByRole('listitem')).toHaveLength(6));
    const texts = (await findAllByRole('listitem')).map((li) => li.textContent ?? '');
    expect(texts[0]).toBe('About Sunny double');
    expect(texts[1]).toContain('Is the double free?');
    expect(texts[4]).toBe('About Quiet single');
    expect(getByRole('link', { name: 'Quiet single' }).getAttribute('href')).toBe('/rooms/9');
  });

  it('shows the thread oldest first with names, en-GB times and Sent/Read state, in a log', async () => {
    network([
      msg({ MessageID: 1, MessageContent: 'Is it free?', ReadAt: '2026-03-02T14:06:00.000Z' }),
      msg({ MessageID: 2, SenderID: partner, ReceiverID: me, SenderName: 'Rajesh Patel', ReceiverName: TEST_USERS.tenant.name, MessageContent: 'Yes!' }),
      msg({ MessageID: 3, MessageContent: 'Great' }),
    ]);
    const { findByRole, getByRole, getAllByRole } = render();
    expect(await findByRole('heading', { level: 1, name: 'Rajesh Patel' })).toBeTruthy();
    const log = getByRole('log');
    await waitFor(() => expect(getAllByRole('listitem')).toHaveLength(3));
    const texts = getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(texts[0]).toContain('Is it free?');
    expect(texts[0]).toContain('Read');
    expect(texts[1]).toContain('Rajesh Patel');
    expect(texts[1]).toContain('2 Mar 2026, 14:05');
    expect(texts[2]).toContain('Sent');
    expect(log.getAttribute('aria-label')).toBe('Messages with Rajesh Patel');
  });

  it('disables Send for empty and whitespace-only text; Enter sends, Shift+Enter does not; success clears the box', async () => {
    const posted: unknown[] = [];
    network([], (body) => {
      posted.push(body);
      return json({ messageId: 9, newMessageDetails: msg({ MessageID: 9, MessageContent: 'Hello there' }) }, 201);
    });
    const { findByLabelText, getByRole, findByText } = render();
    const box = (await findByLabelText('Message to Rajesh Patel')) as HTMLTextAreaElement;
    const button = getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '   \n  ' } });
    expect(button.disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.change(box, { target: { value: 'Hello there' } });
    expect(button.disabled).toBe(false);
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(posted).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(posted).toEqual([{ ReceiverID: partner, MessageContent: 'Hello there' }]));
    expect(await findByText('Hello there')).toBeTruthy();
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('keeps the unsent text and says so when sending fails', async () => {
    network([], () => json({}, 500));
    const { findByLabelText, getByRole, findByText } = render();
    const box = (await findByLabelText('Message to Rajesh Patel')) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Please keep me' } });
    fireEvent.click(getByRole('button', { name: 'Send' }));
    expect(await findByText(TEXTS.sendFailed)).toBeTruthy();
    expect(box.value).toBe('Please keep me');
  });

  describe('the Free plan’s new conversations', () => {
    it('says how many are left before the first message to someone, and not once the conversation exists', async () => {
      network([], (body) => json({ messageId: 9, newMessageDetails: msg({ MessageID: 9, MessageContent: String((body as { MessageContent: string }).MessageContent) }) }, 201), usage(1));
      const { findByText, findByLabelText, getByRole, queryByText } = render();
      const note = await findByText('You can start 1 more new conversation this month.', { exact: false });
      expect(note.textContent).toContain('Replies are always free.');
      const box = (await findByLabelText('Message to Rajesh Patel')) as HTMLTextAreaElement;
      expect(box.getAttribute('aria-describedby')).toBe(note.id);
      fireEvent.change(box, { target: { value: 'Hello, is the room free?' } });
      const send = getByRole('button', { name: 'Send' }) as HTMLButtonElement;
      expect(send.disabled).toBe(false);
      fireEvent.click(send);
      expect(await findByText('Hello, is the room free?')).toBeTruthy();
      await waitFor(() => expect(queryByText(/more new conversation/)).toBeNull());
    });

    it('says none are left and disables Send when the month’s are used', async () => {
      const net = network([], () => json({}, 201), usage(0));
      const { findByText, findByLabelText, getByRole } = render();
      expect(await findByText(PLAN_TEXTS.newConversationLimitReached('2026-04-01'), { exact: false })).toBeTruthy();
      expect(getByRole('link', { name: 'See plans and the unlimited messages upgrade' }).getAttribute('href')).toBe('/pricing');
      const box = await findByLabelText('Message to Rajesh Patel');
      fireEvent.change(box, { target: { value: 'Hello?' } });
      expect((getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
      fireEvent.keyDown(box, { key: 'Enter' });
      expect(net.callsTo('/api/messages', 'POST')).toHaveLength(0);
    });

    it('lets a reply go whatever is left: the partner wrote first', async () => {
      network([msg({ MessageID: 3, SenderID: partner, ReceiverID: me, SenderName: 'Rajesh Patel', MessageContent: 'Still looking?' })], undefined, usage(0));
      const { findByText, findByLabelText, getByRole, queryByText } = render();
      expect(await findByText('Still looking?')).toBeTruthy();
      fireEvent.change(await findByLabelText('Message to Rajesh Patel'), { target: { value: 'Yes!' } });
      expect((getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
      expect(queryByText(/Free accounts can start conversations/)).toBeNull();
    });

    it('says nothing on a plan without the limit', async () => {
      network([], undefined, usage(null));
      const { findByText, queryByText } = render();
      expect(await findByText(/No messages yet/)).toBeTruthy();
      expect(queryByText(/new conversation/)).toBeNull();
    });

    it('shows the server’s refusal and keeps the text when the count was out of date', async () => {
      const refusal = PLAN_TEXTS.newConversationLimitReached('2026-04-01');
      network([], () => json({ message: refusal }, 403), usage(1));
      const { findByLabelText, getByRole, findAllByText } = render();
      const box = (await findByLabelText('Message to Rajesh Patel')) as HTMLTextAreaElement;
      fireEvent.change(box, { target: { value: 'Hello there' } });
      await waitFor(() => expect((getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(getByRole('button', { name: 'Send' }));
      expect((await findAllByText(refusal, { exact: false })).length).toBeGreaterThan(0);
      expect(box.value).toBe('Hello there');
    });
  });

  it('shows a character count near the limit and disables Send above it', async () => {
    network([]);
    const { findByLabelText, getByRole, queryByText, findByText } = render();
    const box = await findByLabelText('Message to Rajesh Patel');
    fireEvent.change(box, { target: { value: 'x'.repeat(100) } });
    expect(queryByText(/\/ 2000 characters/)).toBeNull();
    fireEvent.change(box, { target: { value: 'x'.repeat(2001) } });
    expect(await findByText('2001 / 2000 characters')).toBeTruthy();
    expect((getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says 'Failed to load messages.' on a failure, and goes to /messages on a 401 or 403", async () => {
    network(json({ message: 'boom' }, 500));
    const first = render();
    expect(await first.findByText(TEXTS.messagesFailed)).toBeTruthy();
    first.unmount();

    network(json({ message: 'nope' }, 403));
    const second = render();
    await waitFor(() => expect(second.location()).toBe('/messages'));
  });

  it('says there is no one to message when the partner is not found (deleted, or private with no messages), with ways on', async () => {
    stubFetch(async (_r, url) => {
      if (url.pathname === `/api/messages/partner/${partner}`) return json({ message: 'User not found' }, 404);
      if (url.pathname === `/api/messages/conversation/${partner}`) return json([]);
      if (url.pathname === '/api/messages/unread-count') return json({ totalUnread: 0 });
    if (url.pathname === '/api/listings/7') return json(listingFixture({ ListingID: 7, LandlordID: partner, Title: 'Sunny double in Hackney', ThumbnailUrl: '/uploads/listings/ab-card.webp' }));
    if (url.pathname.startsWith('/api/listings/')) return json({ message: 'Listing not found.' }, 404);
      return undefined;
    });
    const view = render();
    expect(await view.findByRole('heading', { name: 'Member not found' })).toBeTruthy();
    expect(view.getByText(/may have been deleted, or is not open to new messages/)).toBeTruthy();
    expect(view.getByRole('link', { name: 'Find a room' }).getAttribute('href')).toBe('/find-a-room');
    expect(view.getByRole('link', { name: 'browse flatmates' }).getAttribute('href')).toBe('/flatmates');
    expect(view.queryByRole('textbox')).toBeNull();
  });

  it('works before any message exists, and applies live messages and read receipts', async () => {
    const net = network([]);
    const { findByText, store, getAllByRole } = render();
    expect(await findByText(/No messages yet/)).toBeTruthy();
    await act(async () => {
      store.dispatch(messageReceived(msg({ MessageID: 7, MessageContent: 'From my other tab' })));
      store.dispatch(messageReceived(msg({ MessageID: 7, MessageContent: 'From my other tab' })));
    });
    expect(await findByText('From my other tab')).toBeTruthy();
    expect(getAllByRole('listitem')).toHaveLength(1);
    expect(getAllByRole('listitem')[0]?.textContent).toContain('Sent');
    await act(async () => {
      store.dispatch(messagesRead({ ReaderID: partner, SenderID: me, ReadAt: '2026-03-02T15:00:00.000Z' }));
    });
    await waitFor(() => expect(getAllByRole('listitem')[0]?.textContent).toContain('Read'));
    // A live message from the partner is read at once: the thread is refetched (which marks it read).
    const before = net.callsTo(`/api/messages/conversation/${partner}`).length;
    await act(async () => {
      store.dispatch(messageReceived(msg({ MessageID: 8, SenderID: partner, ReceiverID: me, MessageContent: 'Reply' })));
    });
    await waitFor(() => expect(net.callsTo(`/api/messages/conversation/${partner}`).length).toBeGreaterThan(before));
  });

  it('keeps a message sent while an older read of the thread was on its way', async () => {
    const first = msg({ MessageID: 1, SenderID: partner, ReceiverID: me, MessageContent: 'Saw your profile' });
    const reply = msg({ MessageID: 2, MessageContent: 'Yes please!' });
    let reads = 0;
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    // The second read of the thread was taken before the reply was stored, and answers after the reply is shown.
    network(
      async () => {
        reads += 1;
        if (reads > 1) await held;
        return json([first]);
      },
      () => json({ messageId: 2, newMessageDetails: reply }, 201),
    );
    const { findByText, findByLabelText, getByRole, queryByText, store } = render();
    await findByText('Saw your profile');
    await act(async () => {
      store.dispatch(messageStreamConnected({ reconnect: true }));
    });
    await waitFor(() => expect(reads).toBe(2));
    fireEvent.change(await findByLabelText('Message to Rajesh Patel'), { target: { value: 'Yes please!' } });
    fireEvent.click(getByRole('button', { name: 'Send' }));
    expect(await findByText('Yes please!')).toBeTruthy();
    const thread = () => messagingApi.endpoints.getThread.select(partner)(store.getState() as never);
    expect(thread().status).toBe('pending');
    await act(async () => release());
    await waitFor(() => expect(thread().status).toBe('fulfilled'));
    expect(queryByText('Yes please!')).not.toBeNull();
  });
});
