import { UNSUBSCRIBE_TEXTS } from '@roomnest/shared';
import { json, stubFetch } from '@roomnest/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderContent } from '../../test/render-content.tsx';

const ENDPOINT = '/api/notifications/unsubscribe';
const MESSAGES_TOKEN = `messages.42.${'a'.repeat(43)}`;
const SEARCH_TOKEN = `search.7.${'b'.repeat(43)}`;

afterEach(() => vi.unstubAllGlobals());

describe('the email unsubscribe page /email/unsubscribe', () => {
  it('says what will stop and changes nothing until the button is pressed; then POSTs the token, shows the answer and the settings link', async () => {
    const net = stubFetch((request, url) => (url.pathname === ENDPOINT && request.method === 'POST' ? json({ message: UNSUBSCRIBE_TEXTS.messagesOff }) : undefined));
    const { heading } = await renderContent(`/email/unsubscribe?token=${encodeURIComponent(MESSAGES_TOKEN)}`);
    expect(heading.textContent).toBe('Stop these emails');
    expect(document.title).toBe('Stop these emails | RoomNest');
    expect(screen.getByText(UNSUBSCRIBE_TEXTS.explainMessages)).toBeTruthy();
    expect(net.callsTo(ENDPOINT, 'POST')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: UNSUBSCRIBE_TEXTS.confirm }));
    expect((await screen.findByRole('status')).textContent).toBe(UNSUBSCRIBE_TEXTS.messagesOff);
    const [call] = net.callsTo(ENDPOINT, 'POST');
    expect(new URL(call!.url).searchParams.get('token')).toBe(MESSAGES_TOKEN);
    expect(call!.headers.get('authorization')).toBeNull();
    expect(screen.queryByRole('button', { name: UNSUBSCRIBE_TEXTS.confirm })).toBeNull();
    expect(screen.getByRole('link', { name: UNSUBSCRIBE_TEXTS.settingsLink }).getAttribute('href')).toBe('/my-flatmate-profile#notifications');
  });

  it('explains a saved search’s alerts for a search token', async () => {
    stubFetch(() => undefined);
    await renderContent(`/email/unsubscribe?token=${SEARCH_TOKEN}`);
    expect(screen.getByText(UNSUBSCRIBE_TEXTS.explainSearch)).toBeTruthy();
  });

  it('shows the server’s sentence for a bad link and keeps the button to try again', async () => {
    stubFetch((_r, url) => (url.pathname === ENDPOINT ? json({ message: UNSUBSCRIBE_TEXTS.invalidToken }, 400) : undefined));
    await renderContent(`/email/unsubscribe?token=${SEARCH_TOKEN}`);
    await userEvent.click(screen.getByRole('button', { name: UNSUBSCRIBE_TEXTS.confirm }));
    expect((await screen.findByRole('alert')).textContent).toBe(UNSUBSCRIBE_TEXTS.invalidToken);
    expect(screen.getByRole('button', { name: UNSUBSCRIBE_TEXTS.confirm })).toBeTruthy();
  });

  it('says the link is incomplete without a token, offering no button but the settings link', async () => {
    const net = stubFetch(() => undefined);
    await renderContent('/email/unsubscribe');
    expect(screen.getByRole('alert').textContent).toBe(UNSUBSCRIBE_TEXTS.missingToken);
    expect(screen.queryByRole('button', { name: UNSUBSCRIBE_TEXTS.confirm })).toBeNull();
    expect(screen.getByRole('link', { name: UNSUBSCRIBE_TEXTS.settingsLink })).toBeTruthy();
    expect(net.calls).toHaveLength(0);
  });
});
