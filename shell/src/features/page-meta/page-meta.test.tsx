import { FIXED_PAGE_META, findPostMeta, ROUTES } from '@roomnest/shared';
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubNetwork } from '../../test/app-harness.tsx';

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

describe('page metadata on navigation', () => {
  it('titles and describes each fixed page as the server writes it, on every navigation', async () => {
    stubNetwork();
    const { router } = await renderApp(ROUTES.pricing);
    expect(document.title).toBe('Pricing | RoomNest');
    expect(description()).toBe(FIXED_PAGE_META['/pricing'].description);

    await act(() => router.navigate(ROUTES.flatmates));
    expect(document.title).toBe('Find a flatmate | RoomNest');
    expect(description()).toBe(FIXED_PAGE_META['/flatmates'].description);

    await act(() => router.navigate(ROUTES.messages));
    expect(document.title).toBe('Messages | RoomNest');
  });

  it('describes a post from the published list and leaves its title to the page', async () => {
    stubNetwork();
    document.title = 'Set by the page';
    const { router } = await renderApp(ROUTES.home);
    expect(document.title).toBe('Rooms and flatmates to rent in London | RoomNest');
    document.title = 'Set by the page';
    await act(() => router.navigate(ROUTES.blogPost('tips-finding-flatmate')));
    expect(description()).toBe(findPostMeta('tips-finding-flatmate')?.summary);
    expect(document.title).toBe('Set by the page');
  });
});
