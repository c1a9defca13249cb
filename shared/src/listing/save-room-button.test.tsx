import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Listing } from '../domain.ts';
import { SAVED_TEXTS } from '../texts.ts';
import { json, listingFixture, renderWithHost, stubFetch, TEST_USERS } from '../testing/index.tsx';
import { SaveRoomButton, useSaveIntent } from './save-room-button.tsx';

afterEach(() => vi.unstubAllGlobals());

const tenant = TEST_USERS.tenant;
const savedRoom = listingFixture({ ListingID: 1, Title: 'Saved double' });
const otherRoom = listingFixture({ ListingID: 2, Title: 'Another room' });

/** A promise the test settles by hand, to look at the screen while a request is still on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Two hearts, as a page of cards shows them, and the save intent of the page. */
function Hearts({ rooms = [savedRoom, otherRoom] }: { rooms?: Listing[] }) {
  useSaveIntent();
  return (
    <ul>
      {rooms.map((room) => (
        <li key={room.ListingID}>
          <h3 id={`t${room.ListingID}`}>{room.Title}</h3>
          <SaveRoomButton listing={room} describedBy={`t${room.ListingID}`} />
        </li>
      ))}
    </ul>
  );
}

function LoginProbe() {
  return <output data-testid="login-state">{JSON.stringify(useLocation().state)}</output>;
}

const heartOf = (title: string) => screen.getAllByRole('button').find((b) => b.getAttribute('aria-describedby') && document.getElementById(b.getAttribute('aria-describedby')!)?.textContent === title)!;

describe('the heart of a room', () => {
  it('tells from the one saved-rooms query which rooms are saved, asking the server once for every heart', async () => {
    const network = stubFetch((request, url) => (url.pathname === '/api/saved-listings' && request.method === 'GET' ? json({ listings: [savedRoom] }) : undefined));
    renderWithHost(<Hearts />, { user: tenant, url: '/rooms' });
    await waitFor(() => expect(heartOf('Saved double').getAttribute('aria-pressed')).toBe('true'));
    expect(heartOf('Saved double').getAttribute('aria-label')).toBe('Remove from saved rooms');
    expect(heartOf('Another room').getAttribute('aria-pressed')).toBe('false');
    expect(heartOf('Another room').getAttribute('aria-label')).toBe('Save room');
    // Named by its room for a screen reader: "Save room", described by the room's title.
    expect(screen.getByRole('button', { name: 'Save room', description: 'Another room' })).toBeTruthy();
    expect(network.callsTo('/api/saved-listings', 'GET')).toHaveLength(1);
  });

  it('answers a press at once, before the server does, and keeps it when the server agrees', async () => {
    const answer = deferred<Response>();
    const network = stubFetch((request, url) => {
      if (url.pathname === '/api/saved-listings' && request.method === 'GET') return json({ listings: [savedRoom] });
      if (url.pathname === '/api/saved-listings/2' && request.method === 'PUT') return answer.promise;
      return undefined;
    });
    const { store } = renderWithHost(<Hearts />, { user: tenant, url: '/rooms' });
    await waitFor(() => expect(heartOf('Saved double').getAttribute('aria-pressed')).toBe('true'));

    await userEvent.click(heartOf('Another room'));
    // Pressed while the PUT is still on its way.
    expect(heartOf('Another room').getAttribute('aria-pressed')).toBe('true');
    expect(heartOf('Another room').getAttribute('aria-label')).toBe('Remove from saved rooms');
    expect(network.callsTo('/api/saved-listings/2', 'PUT')).toHaveLength(1);
    answer.resolve(json({ message: SAVED_TEXTS.roomSaved }));
    const mutations = () => Object.values((store.getState() as unknown as { api: { mutations: Record<string, { status: string } | undefined> } }).api.mutations);
    await waitFor(() => expect(mutations().map((m) => m?.status)).toEqual(['fulfilled']));
    expect(heartOf('Another room').getAttribute('aria-pressed')).toBe('true');
    // The list was changed in place: no second read of it.
    expect(network.callsTo('/api/saved-listings', 'GET')).toHaveLength(1);
  });

  it('puts a save back and shows the server’s sentence when the server refuses', async () => {
    const answer = deferred<Response>();
    stubFetch((request, url) => {
      if (url.pathname === '/api/saved-listings' && request.method === 'GET') return json({ listings: [] });
      if (url.pathname === '/api/saved-listings/2' && request.method === 'PUT') return answer.promise;
      return undefined;
    });
    renderWithHost(<Hearts />, { user: tenant, url: '/rooms' });
    await waitFor(() => expect(heartOf('Another room').getAttribute('aria-pressed')).toBe('false'));
    await userEvent.click(heartOf('Another room'));
    expect(heartOf('Another room').getAttribute('aria-pressed')).toBe('true');
    answer.resolve(json({ message: 'Listing not found.' }, 404));
    expect(await screen.findByText('Listing not found.')).toBeTruthy();
    expect(heartOf('Another room').getAttribute('aria-pressed')).toBe('false');
  });

  it('puts a removed room back, with a sentence of its own when the server says nothing useful', async () => {
    stubFetch((request, url) => {
      if (url.pathname === '/api/saved-listings' && request.method === 'GET') return json({ listings: [savedRoom] });
      if (url.pathname === '/api/saved-listings/1' && request.method === 'DELETE') return new Response('Bad gateway', { status: 502 });
      return undefined;
    });
    renderWithHost(<Hearts />, { user: tenant, url: '/rooms' });
    await waitFor(() => expect(heartOf('Saved double').getAttribute('aria-pressed')).toBe('true'));
    await userEvent.click(heartOf('Saved double'));
    expect(await screen.findByText(SAVED_TEXTS.unsaveFailed)).toBeTruthy();
    expect(heartOf('Saved double').getAttribute('aria-pressed')).toBe('true');
  });

  it('sends a visitor to log in, carrying the room to save in the address to come back to', async () => {
    const network = stubFetch(() => undefined);
    const { location } = renderWithHost(
      <Routes>
        <Route path="/rooms" element={<Hearts />} />
        <Route path="/login" element={<LoginProbe />} />
      </Routes>,
      { url: '/rooms?city=London#results' },
    );
    expect(heartOf('Another room').getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(heartOf('Another room'));
    expect(location()).toBe('/login');
    expect(JSON.parse(screen.getByTestId('login-state').textContent ?? 'null')).toEqual({
      from: { pathname: '/rooms', search: '?city=London&save=2', hash: '#results' },
    });
    expect(await screen.findByText(SAVED_TEXTS.loginToSave)).toBeTruthy();
    // A visitor has no saved rooms to ask for.
    expect(network.calls).toEqual([]);
  });

  it('saves the room a visitor chose once they come back logged in, once, and takes it out of the address', async () => {
    let saved: Listing[] = [];
    const network = stubFetch((request, url) => {
      if (url.pathname === '/api/saved-listings' && request.method === 'GET') return json({ listings: saved });
      if (url.pathname === '/api/saved-listings/2' && request.method === 'PUT') {
        saved = [otherRoom];
        return json({ message: SAVED_TEXTS.roomSaved });
      }
      return undefined;
    });
    const { location } = renderWithHost(<Hearts />, { user: tenant, url: '/rooms?city=London&save=2' });
    await waitFor(() => expect(location()).toBe('/rooms?city=London'));
    expect(await screen.findByText(SAVED_TEXTS.roomSaved)).toBeTruthy();
    // The list is read again (the page had no copy of the room to add): the heart shows it saved.
    await waitFor(() => expect(heartOf('Another room').getAttribute('aria-pressed')).toBe('true'));
    expect(network.callsTo('/api/saved-listings/2', 'PUT')).toHaveLength(1);
  });

  it('leaves the intent alone for a visitor, and drops one that names no room', async () => {
    const network = stubFetch((request, url) => (url.pathname === '/api/saved-listings' && request.method === 'GET' ? json({ listings: [] }) : undefined));
    // Rendering runs the page's effects: the intent waits for a login.
    const visitor = renderWithHost(<Hearts />, { url: '/rooms?save=2' });
    expect(visitor.location()).toBe('/rooms?save=2');
    visitor.unmount();

    const member = renderWithHost(<Hearts />, { user: tenant, url: '/rooms?save=abc' });
    await waitFor(() => expect(member.location()).toBe('/rooms'));
    expect(network.calls.filter((r) => r.method === 'PUT')).toEqual([]);
  });
});
