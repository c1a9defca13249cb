import { hostQueries, json, renderWithHost, stubFetch } from '@roomnest/shared/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODERATION_TEXTS } from '../features/moderation/texts.ts';
import { MODERATOR } from '../test/fixtures.ts';
import ModerationPage from './ModerationPage.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('mf-moderation exposed modules', () => {
  it('ModerationPage finds the page’s one api in the host store and renders the queue', async () => {
    stubFetch((_r, url) => (url.pathname === '/api/moderation/reports' ? json({ reports: [] }) : undefined));
    const { store } = renderWithHost(<ModerationPage />, { url: '/moderation', user: MODERATOR });
    expect(screen.getByRole('heading', { level: 1, name: 'Moderation' })).toBeTruthy();
    expect(document.title).toBe('Moderation | RoomNest');
    expect(await screen.findByRole('heading', { level: 2, name: MODERATION_TEXTS.queueEmpty })).toBeTruthy();
    // The queue's query is cached in the host store's one api (which the store has from its creation, so its
    // presence alone would prove nothing).
    expect(hostQueries(store)).toContain('getModerationReports("open")');
  });
});
