import { TEXTS } from '@roomnest/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderContent } from '../../test/render-content.tsx';
import { articleBlocks } from './article-blocks.ts';

const POSTS = [
  ['understanding-tenancy-agreement', 'Understanding Your Tenancy Agreement', '22 Apr 2025', 'Hannah Fletcher'],
  ['tips-finding-flatmate', 'Top Tips for Finding the Perfect Flatmate', '6 May 2025', 'Marcus Bennett'],
  ['landlord-essentials-property-prep', 'Landlord Essentials: Preparing Your Property for Tenants', '20 May 2025', 'Priya Raman'],
] as const;

describe('Blog list', () => {
  it('shows the three posts as cards: title, date, author, excerpt and Read more', async () => {
    await renderContent('/blog');
    expect(document.title).toBe('Blog | RoomNest');
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(3);
    POSTS.forEach(([slug, title, date, author], i) => {
      const card = within(cards[i] as HTMLElement);
      expect(card.getByRole('heading', { level: 2 }).textContent).toBe(title);
      expect(card.getByText(date).tagName).toBe('TIME');
      expect(cards[i]?.textContent).toContain(author);
      const more = card.getByRole('link', { name: `Read more: ${title}` });
      expect(more.getAttribute('href')).toBe(`/blog/${slug}`);
      expect(more.textContent).toBe('Read more');
    });
  });

  it('opens a post from its card', async () => {
    const view = await renderContent('/blog');
    await userEvent.click(screen.getByRole('link', { name: /Read more: Top Tips/ }));
    expect(view.location()).toBe('/blog/tips-finding-flatmate');
  });
});

describe('Blog post', () => {
  it.each(POSTS)('renders %s in full with a breadcrumb Home › Blog › title', async (slug, title, date, author) => {
    await renderContent(`/blog/${slug}`);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(document.title).toBe(`${title} | RoomNest`);
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Home', 'Blog', title]);
    expect(crumbs.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(crumbs.getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/blog');
    expect(crumbs.getByText(title).getAttribute('aria-current')).toBe('page');
    const article = within(screen.getByRole('article'));
    expect(article.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(5);
    expect(article.getByText(date)).toBeTruthy();
    expect(screen.getByRole('article').textContent).toContain(author);
    expect((screen.getByRole('article').textContent ?? '').split(/\s+/).length).toBeGreaterThan(450);
  });

  it("shows 'Post Not Found' for an unknown slug, with a link back to the blog", async () => {
    await renderContent('/blog/no-such-post');
    expect(screen.getByRole('heading', { level: 1, name: TEXTS.blogPostNotFound })).toBeTruthy();
    expect(document.title).toBe('Post Not Found | RoomNest');
    expect(screen.getByRole('link', { name: 'Back to the blog' }).getAttribute('href')).toBe('/blog');
  });
});

describe('articleBlocks', () => {
  it('reads headings, lists and paragraphs', () => {
    expect(articleBlocks('Intro line\nwraps.\n\n## Before you sign\n\n- One\n- Two\n\nLast.')).toEqual([
      { kind: 'paragraph', text: 'Intro line wraps.' },
      { kind: 'heading', text: 'Before you sign', id: 'before-you-sign' },
      { kind: 'list', items: ['One', 'Two'] },
      { kind: 'paragraph', text: 'Last.' },
    ]);
  });
});
