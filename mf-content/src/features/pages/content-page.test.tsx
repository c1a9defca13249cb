import { ROUTES, TEXTS } from '@roomnest/shared';
import { renderWithHost } from '@roomnest/shared/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ContentPage from './ContentPage.tsx';
import { CONTENT_PAGES } from './registry.tsx';

const STATIC_PATHS = [
  '/about-us',
  '/contact-us',
  '/faq',
  '/safety',
  '/advice',
  '/careers',
  '/press',
  '/terms-conditions',
  '/privacy-policy',
  '/advertiser-tips',
  '/sitemap',
  '/news',
  '/accessibility',
];

const STUB_WORDING = /lorem ipsum|coming soon|under construction|not implemented|\bTODO\b/i;

describe('ContentPage', () => {
  it('has a page for every static route of the spec, plus blog and pricing', () => {
    expect(Object.keys(CONTENT_PAGES).sort()).toEqual([...STATIC_PATHS, '/blog', '/pricing'].sort());
  });

  it.each(STATIC_PATHS)('renders %s with a heading and real copy', (path) => {
    const { container } = renderWithHost(<ContentPage />, { url: path });
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent?.length).toBeGreaterThan(2);
    expect(document.title).toMatch(/ \| RoomNest$/);
    const text = container.textContent ?? '';
    expect(text.length).toBeGreaterThan(400);
    expect(text).not.toMatch(STUB_WORDING);
  });

  it('ignores a trailing slash', () => {
    renderWithHost(<ContentPage />, { url: '/about-us/' });
    expect(screen.getByRole('heading', { level: 1, name: 'About RoomNest' })).toBeTruthy();
  });

  it('dates the terms 14 May 2025', () => {
    renderWithHost(<ContentPage />, { url: ROUTES.terms });
    expect(screen.getByText('14 May 2025')).toBeTruthy();
  });

  it('states the 30-day listing life in the FAQ', () => {
    renderWithHost(<ContentPage />, { url: ROUTES.faq });
    expect(screen.getByText(/Standard listings stay active for 30 days/)).toBeTruthy();
  });

  it('shows the 404 text with a link home for an unknown content path', () => {
    renderWithHost(<ContentPage />, { url: '/blog/tips-finding-flatmate/extra' });
    expect(screen.getByText(TEXTS.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the homepage' }).getAttribute('href')).toBe('/');
  });
});

describe('Blog', () => {
  const POSTS = [
    ['understanding-tenancy-agreement', 'Understanding Your Tenancy Agreement'],
    ['tips-finding-flatmate', 'Top Tips for Finding the Perfect Flatmate'],
    ['landlord-essentials-property-prep', 'Landlord Essentials: Preparing Your Property for Tenants'],
  ] as const;

  it('lists the three fixed posts, each linking to /blog/<slug>', () => {
    renderWithHost(<ContentPage />, { url: '/blog' });
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/blog/'));
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual(POSTS.map(([slug, title]) => [`/blog/${slug}`, title]));
  });

  it.each(POSTS)('renders the post %s with a breadcrumb', (slug, title) => {
    renderWithHost(<ContentPage />, { url: `/blog/${slug}` });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toContain('Home');
    expect(crumbs.textContent).toContain('Blog');
    expect(document.title).toBe(`${title} | RoomNest`);
  });

  it("shows 'Post Not Found' for an unknown slug", () => {
    renderWithHost(<ContentPage />, { url: '/blog/no-such-post' });
    expect(screen.getByRole('heading', { name: TEXTS.blogPostNotFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the blog' }).getAttribute('href')).toBe('/blog');
  });
});
