/**
 * Renders `./ContentPage` at a URL the way the shell does, and waits until the
 * page's own chunk has loaded and its main heading is there.
 */
import { renderWithHost, type RenderWithHostOptions } from '@roomnest/shared/testing';
import { screen } from '@testing-library/react';
import ContentPage from '../features/pages/ContentPage.tsx';

export async function renderContent(url: string, options: Omit<RenderWithHostOptions, 'url'> = {}) {
  const view = renderWithHost(<ContentPage />, { ...options, url });
  const heading = await screen.findByRole('heading', { level: 1 });
  return Object.assign(view, { heading });
}
