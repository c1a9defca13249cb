import { renderWithHost } from '@roomnest/shared/testing';
import { describe, expect, it } from 'vitest';
import RoomDetailPage from './RoomDetailPage.tsx';
import RoomSearchPage from './RoomSearchPage.tsx';

describe('mf-search exposed modules', () => {
  it('RoomSearchPage renders the room search frame', () => {
    const { getByRole } = renderWithHost(<RoomSearchPage />, { url: '/rooms' });
    expect(getByRole('heading', { level: 1, name: 'Find a room' })).toBeTruthy();
    expect(document.title).toBe('Find a room | RoomNest');
  });

  it('RoomDetailPage reads the room id from the route and links back to the search', () => {
    const { getByRole, getByText } = renderWithHost(<RoomDetailPage />, { url: '/rooms/42', routePath: '/rooms/:id' });
    expect(getByRole('heading', { level: 1, name: 'Room details' })).toBeTruthy();
    expect(getByText("Room reference: 42")).toBeTruthy();
    expect(getByRole('link', { name: /Back to search results/ }).getAttribute('href')).toBe('/rooms');
  });
});
