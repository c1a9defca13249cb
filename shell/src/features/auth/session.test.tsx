import { currentUserUpdated, loggedIn, loggedOut, readStoredSession, sessionExpired } from '@roomnest/shared/client';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store.ts';
import { landlord, storeSession, tenant } from '../../test/app-harness.tsx';

const newStore = () => createAppStore({ storage: localStorage, router: createMemoryRouter([{ path: '*', element: null }]) });

describe('session restore at start', () => {
  it('restores a stored token and user as authenticated', () => {
    storeSession({ token: 'tok-1', user: tenant });
    expect(newStore().getState().auth).toEqual({ token: 'tok-1', user: tenant });
  });

  it.each([['{not json'], [''], ['42'], ['null'], ['[]'], ['{"plan":"Free"}'], ['{"userId":7,"name":"Amelia Hart"}']])('clears both items silently when the user is %s', (stored) => {
    localStorage.setItem('authToken', 'tok-1');
    localStorage.setItem('currentUser', stored);
    expect(newStore().getState().auth).toEqual({ token: null, user: null });
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('currentUser')).toBeNull();
  });

  it('starts unauthenticated when either item is missing', () => {
    localStorage.setItem('currentUser', JSON.stringify(tenant));
    expect(readStoredSession(localStorage)).toEqual({ token: null, user: null });
    expect(newStore().getState().auth.token).toBeNull();
  });
});

describe('session storage follows the auth state', () => {
  it('writes token and user on login and on a user update', () => {
    const store = newStore();
    store.dispatch(loggedIn({ token: 'tok-2', user: landlord }));
    expect(localStorage.getItem('authToken')).toBe('tok-2');
    expect(JSON.parse(localStorage.getItem('currentUser') ?? '')).toEqual(landlord);

    store.dispatch(currentUserUpdated({ name: 'Olu B.', plan: 'Professional' }));
    expect(JSON.parse(localStorage.getItem('currentUser') ?? '')).toEqual({ ...landlord, name: 'Olu B.', plan: 'Professional' });
  });

  it.each([
    ['logout', loggedOut()],
    ['session expiry', sessionExpired()],
  ])('removes both items on %s', (_name, action) => {
    const store = newStore();
    store.dispatch(loggedIn({ token: 'tok-3', user: tenant }));
    store.dispatch(action);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(store.getState().auth).toEqual({ token: null, user: null });
  });
});
