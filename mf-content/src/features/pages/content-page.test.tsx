import { documentTitle, FIXED_PAGE_META, ROUTES, TEXTS } from '@roomnest/shared';
import { renderWithHost } from '@roomnest/shared/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderContent } from '../../test/render-content.tsx';
import { forgetLoadedPages, LazyPage, type ContentPageProps, type PageLoader } from './lazy-page.tsx';
import { CONTENT_PAGES, resolveContentPage } from './registry.tsx';

/** Every static route (docs/product.md, Routes and guards) with its main heading and document title. */
const STATIC_PAGES = [
  ['/about-us', 'About RoomNest', 'About us'],
  ['/contact-us', 'Contact us', 'Contact us'],
  ['/faq', 'Frequently asked questions', 'FAQ'],
  ['/safety', 'Staying safe while you rent', 'Safety'],
  ['/advice', 'Renting advice', 'Advice'],
  ['/careers', 'Careers at RoomNest', 'Careers'],
  ['/press', 'Press room', 'Press'],
  ['/terms-conditions', 'Terms and conditions', 'Terms and conditions'],
  ['/privacy-policy', 'Privacy policy', 'Privacy policy'],
  ['/advertiser-tips', 'Advertiser tips', 'Advertiser tips'],
  ['/sitemap', 'Sitemap', 'Sitemap'],
  ['/news', 'RoomNest news', 'News'],
  ['/accessibility', 'Accessibility statement', 'Accessibility'],
] as const;

const STUB_WORDING = /lorem ipsum|coming soon|under construction|not implemented|\bTODO\b|placeholder/i;

describe('ContentPage', () => {
  it('has a page for every static route, plus blog, pricing, the newsletter email’s two links and the notification emails’ unsubscribe', () => {
    expect(Object.keys(CONTENT_PAGES).sort()).toEqual(
      [...STATIC_PAGES.map(([path]) => path), '/blog', '/pricing', '/news/confirm-subscription', '/news/unsubscribe', '/email/unsubscribe'].sort(),
    );
  });

  it.each(STATIC_PAGES)('renders %s with its heading, its title and real copy', async (path, heading, title) => {
    const { container } = await renderContent(path);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe(`${title} | RoomNest`);
    // The title the server writes into this page's HTML (shared/src/route-meta.ts) is the one the page shows.
    expect(document.title).toBe(documentTitle(FIXED_PAGE_META[path].title));
    const text = container.textContent ?? '';
    expect(text.length).toBeGreaterThan(600);
    expect(text).not.toMatch(STUB_WORDING);
  });

  it('renders blog, pricing, news categories and articles through patterns', async () => {
    for (const [url, heading] of [
      ['/blog', 'The RoomNest blog'],
      ['/pricing', 'Plans and pricing'],
      ['/blog/tips-finding-flatmate', 'Top Tips for Finding the Perfect Flatmate'],
      ['/news/category/market-analysis', 'Market Analysis'],
      ['/news/3', 'New on RoomNest: clearer listing expiry dates and one-click renewals'],
    ] as const) {
      const view = await renderContent(url);
      expect(view.heading.textContent).toBe(heading);
      view.unmount();
    }
  });

  it('ignores a trailing slash', async () => {
    await renderContent('/about-us/');
    expect(screen.getByRole('heading', { level: 1, name: 'About RoomNest' })).toBeTruthy();
  });

  it('resolves paths to pages with their parameters', () => {
    expect(resolveContentPage('/blog/tips-finding-flatmate')?.params).toEqual({ slug: 'tips-finding-flatmate' });
    expect(resolveContentPage('/news/2')?.params).toEqual({ id: '2' });
    expect(resolveContentPage('/news/category/guides')?.params).toEqual({ slug: 'guides' });
    expect(resolveContentPage('/news/category/guides')?.load).toBe(CONTENT_PAGES['/news']);
    expect(resolveContentPage('/nope')).toBeNull();
    expect(resolveContentPage('/blog/a/b')).toBeNull();
  });

  it('shows the 404 text with a link home for an unknown content path', async () => {
    await renderContent('/blog/tips-finding-flatmate/extra');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText(TEXTS.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the homepage' }).getAttribute('href')).toBe(ROUTES.home);
    expect(document.title).toBe('Page not found | RoomNest');
  });
});

function Fake({ params }: ContentPageProps) {
  return <h1>Loaded {params.slug}</h1>;
}

describe('LazyPage', () => {
  afterEach(() => forgetLoadedPages());

  it('shows a loading state until the chunk arrives, then the page with its parameters, at once on the next visit', async () => {
    let resolve: ((module: { default: typeof Fake }) => void) | undefined;
    const load: PageLoader = () => new Promise((r) => (resolve = r));
    const first = renderWithHost(<LazyPage load={load} params={{ slug: 'a' }} />);
    expect(screen.getByRole('status').textContent).toContain('Loading');
    await act(async () => resolve?.({ default: Fake }));
    expect(screen.getByRole('heading', { name: 'Loaded a' })).toBeTruthy();
    first.unmount();
    renderWithHost(<LazyPage load={load} params={{ slug: 'b' }} />);
    expect(screen.getByRole('heading', { name: 'Loaded b' })).toBeTruthy();
  });

  it('offers Retry when the chunk fails to load, and loads afresh', async () => {
    let calls = 0;
    const load: PageLoader = () => (++calls === 1 ? Promise.reject(new Error('chunk 404')) : Promise.resolve({ default: Fake }));
    renderWithHost(<LazyPage load={load} params={{ slug: 'x' }} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Loaded x' })).toBeTruthy();
    expect(calls).toBe(2);
  });
});
