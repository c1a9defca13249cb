import { ROUTES, TRUST_TEXTS, type Message } from '@roomnest/shared';
import { json, messageFixture, renderWithHost, stubFetch, TEST_USERS } from '@roomnest/shared/testing';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ChatPage from './ChatPage.tsx';

const me = TEST_USERS.tenant.userId;
const partner = TEST_USERS.landlord.userId;
const SCAM = 'Pay the deposit by bank transfer before the viewing and the room is yours.';

const msg = messageFixture;

/** The API of one chat with a blocks list that PUT and DELETE change, as the server's does. */
function network({ thread = [] as Message[], blocked = false, send }: { thread?: Message[]; blocked?: boolean; send?: () => Response } = {}) {
  const state = { blocked };
  const net = stubFetch(async (r, url) => {
    if (url.pathname === `/api/messages/partner/${partner}`) return json({ UserID: partner, Name: 'Rajesh Patel', ProfilePictureURL: null });
    if (url.pathname === `/api/messages/conversation/${partner}`) return json(thread);
    if (url.pathname === '/api/messages/unread-count') return json({ totalUnread: 0 });
    if (url.pathname === '/api/blocks') return json({ users: state.blocked ? [{ UserID: partner, Name: 'Rajesh Patel' }] : [] });
    if (url.pathname === `/api/blocks/${partner}` && r.method === 'PUT') {
      state.blocked = true;
      return json({ message: TRUST_TEXTS.blockDone });
    }
    if (url.pathname === `/api/blocks/${partner}` && r.method === 'DELETE') {
      state.blocked = false;
      return json({ message: TRUST_TEXTS.unblockDone });
    }
    if (url.pathname === '/api/messages' && r.method === 'POST' && send) return send();
    return undefined;
  });
  return { net, state };
}

const render = () => renderWithHost(<ChatPage />, { url: `/messages/chat/${partner}`, routePath: '/messages/chat/:otherUserId', user: TEST_USERS.tenant });

describe('ChatPage: the safety banner', () => {
  it('warns the receiver under a message that asks for money before a viewing, linking to the safety page', async () => {
    network({
      thread: [
        msg({ MessageID: 1, MessageContent: SCAM, SafetyWarning: true }),
        msg({ MessageID: 2, MessageContent: 'The room has a big window.' }),
      ],
    });
    const { findAllByRole, getAllByRole } = render();
    const notes = await findAllByRole('note', { name: 'Safety warning' });
    expect(notes).toHaveLength(1);
    expect(notes[0]!.textContent).toContain(TRUST_TEXTS.scamWarning);
    expect(within(notes[0]!).getByRole('link', { name: TRUST_TEXTS.scamWarningLink }).getAttribute('href')).toBe(ROUTES.safety);
    // It belongs to the flagged message.
    const items = getAllByRole('listitem');
    expect(items[0]!.contains(notes[0]!)).toBe(true);
    expect(items[1]!.querySelector('[role="note"]')).toBeNull();
  });

  it('never shows the sender a warning about their own message', async () => {
    network({ thread: [msg({ MessageID: 1, SenderID: me, ReceiverID: partner, SenderName: TEST_USERS.tenant.name, MessageContent: SCAM, SafetyWarning: true })] });
    const { findByText, queryByRole } = render();
    await findByText(SCAM);
    expect(queryByRole('note', { name: 'Safety warning' })).toBeNull();
  });
});

describe('ChatPage: Block and Unblock', () => {
  it('blocks after a confirmation; the send box gives way to the notice with Unblock, which brings it back', async () => {
    const { net } = network({ thread: [msg({ MessageContent: 'Hello' })] });
    const { findByRole, getByRole, findByText, queryByLabelText, findByLabelText } = render();
    fireEvent.click(await findByRole('button', { name: 'Block Rajesh Patel' }));
    const dialog = await findByRole('dialog', { name: TRUST_TEXTS.blockConfirmTitle('Rajesh Patel') });
    expect(dialog.textContent).toContain(TRUST_TEXTS.blockConfirmBody('Rajesh Patel'));
    // Cancel changes nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(net.callsTo(`/api/blocks/${partner}`, 'PUT')).toHaveLength(0));
    expect(getByRole('textbox', { name: 'Message to Rajesh Patel' })).toBeTruthy();

    fireEvent.click(getByRole('button', { name: 'Block Rajesh Patel' }));
    fireEvent.click(within(await findByRole('dialog', { name: TRUST_TEXTS.blockConfirmTitle('Rajesh Patel') })).getByRole('button', { name: 'Block' }));
    expect(await findByText(TRUST_TEXTS.youBlocked('Rajesh Patel'))).toBeTruthy();
    expect(net.callsTo(`/api/blocks/${partner}`, 'PUT')).toHaveLength(1);
    expect(queryByLabelText('Message to Rajesh Patel')).toBeNull();
    // The history stays readable.
    expect(getByRole('log').textContent).toContain('Hello');

    fireEvent.click(getByRole('button', { name: 'Unblock Rajesh Patel' }));
    expect(await findByLabelText('Message to Rajesh Patel')).toBeTruthy();
    expect(net.callsTo(`/api/blocks/${partner}`, 'DELETE')).toHaveLength(1);
    expect(getByRole('button', { name: 'Block Rajesh Patel' })).toBeTruthy();
  });

  it('opens on the notice when the partner is blocked already', async () => {
    network({ blocked: true });
    const { findByText, queryByRole } = render();
    expect(await findByText(TRUST_TEXTS.youBlocked('Rajesh Patel'))).toBeTruthy();
    expect(queryByRole('button', { name: 'Send' })).toBeNull();
    expect(queryByRole('button', { name: 'Block Rajesh Patel' })).toBeNull();
  });

  it('shows a refused send’s own sentence in place, keeping the text', async () => {
    network({ send: () => json({ message: TRUST_TEXTS.blockedYou }, 403) });
    const { findByLabelText, getByRole, findByRole } = render();
    const box = (await findByLabelText('Message to Rajesh Patel')) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Are you there?' } });
    fireEvent.click(getByRole('button', { name: 'Send' }));
    expect((await findByRole('alert')).textContent).toBe(TRUST_TEXTS.blockedYou);
    expect(box.value).toBe('Are you there?');
  });

  it('shows the new-account limit’s sentence (429) in place too', async () => {
    const limit = TRUST_TEXTS.newAccountConversationLimit(5, 7);
    network({ send: () => json({ message: limit }, 429) });
    const { findByLabelText, getByRole, findByRole } = render();
    fireEvent.change(await findByLabelText('Message to Rajesh Patel'), { target: { value: 'Hello' } });
    fireEvent.click(getByRole('button', { name: 'Send' }));
    expect((await findByRole('alert')).textContent).toBe(limit);
  });
});
