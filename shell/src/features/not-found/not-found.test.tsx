import { TEXTS } from '@roomnest/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubNetwork } from '../../test/app-harness.tsx';

describe('404 page', () => {
  it.each(['/no-such-page', '/sign-up', '/forgotten-password', '/safety-advice/extra', '/news/3/comments', '/rooms/5/edit/extra'])(
    'shows the product’s text and a link home for %s',
    async (path) => {
      stubNetwork();
      await renderApp(path);
      expect(await screen.findByText(TEXTS.notFound)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to the homepage' }).getAttribute('href')).toBe('/');
      expect(document.title).toBe('Page not found | RoomNest');
    },
  );
});
