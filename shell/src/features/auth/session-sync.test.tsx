import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store.ts';
import { landlord, storeSession, tenant } from '../../test/app-harness.tsx';
import { startSessionSync } from './session-sync.ts';

const fromOtherTab = (key: string | null) => window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));

describe('session across tabs', () => {
  it('follows a logout and a login made in another tab', () => {
    storeSession({ token: 'tok-a', user: tenant });
    const store = createAppStore({ storage: localStorage, router: createMemoryRouter([{ path: '*', element: null }]) });
    const stop = startSessionSync(store);
    try {
      localStorage.removeItem('authToken');
      localStorage.removeItem('currentUser');
      fromOtherTab('authToken');
      expect(store.getState().auth).toEqual({ token: null, user: null });

      storeSession({ token: 'tok-b', user: landlord });
      fromOtherTab('currentUser');
      expect(store.getState().auth).toEqual({ token: 'tok-b', user: landlord });

      fromOtherTab('remoteLoadTimeoutMs');
      expect(store.getState().auth.token).toBe('tok-b');
    } finally {
      stop();
    }
  });

  it('follows a change of the stored user made in another tab (an address confirmed there), and only a real change', () => {
    const unverified = { ...tenant, emailVerified: false };
    storeSession({ token: 'tok-a', user: unverified });
    const store = createAppStore({ storage: localStorage, router: createMemoryRouter([{ path: '*', element: null }]) });
    const stop = startSessionSync(store);
    const dispatch = vi.spyOn(store, 'dispatch');
    try {
      expect(store.getState().auth.user?.emailVerified).toBe(false);
      // The same user written again, fields in another order: nothing to follow.
      const { emailVerified, ...rest } = unverified;
      localStorage.setItem('currentUser', JSON.stringify({ emailVerified, ...rest }));
      fromOtherTab('currentUser');
      expect(dispatch).not.toHaveBeenCalled();

      localStorage.setItem('currentUser', JSON.stringify({ ...unverified, emailVerified: true }));
      fromOtherTab('currentUser');
      expect(store.getState().auth).toEqual({ token: 'tok-a', user: { ...unverified, emailVerified: true } });
      expect(dispatch).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });
});
