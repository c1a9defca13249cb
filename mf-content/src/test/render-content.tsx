/**
 * Renders `./ContentPage` at a URL the way the shell does, and waits until the
 * page's own chunk has loaded and its main heading is there.
 */
import { renderWithHost, type RenderWithHostOptions } from '@roomnest/shared/testing';
import { act, screen } from '@testing-library/react';
import ContentPage from '../features/pages/ContentPage.tsx';

export async function renderContent(url: string, options: Omit<RenderWithHostOptions, 'url'> = {}) {
  const view = renderWithHost(<ContentPage />, { ...options, url });
  // The first visit loads the page's chunk, which vitest transforms on demand: allow for a busy machine.
  const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  // The heading can appear before React has run the page's effects (document title, focus).
  await act(async () => {});
  return Object.assign(view, { heading });
}
