import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubNetwork } from '../test/app-harness.tsx';

describe('the router on a page load', () => {
  it.each(['/login', '/register', '/forgot-password', '/reset-password?token=abc'])(
    'opens the lazily loaded %s in the frame without a warning',
    async (path) => {
      stubNetwork();
      const warn = vi.spyOn(console, 'warn');
      const error = vi.spyOn(console, 'error');
      await renderApp(path);
      expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
      expect(warn).not.toHaveBeenCalled();
      expect(error).not.toHaveBeenCalled();
    },
  );
});
