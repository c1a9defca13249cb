import { describe, expect, it } from 'vitest';
import { BLOG_POST_META, NEWS_ARTICLE_META, NEWS_CATEGORY_META } from './published-content.ts';
import { DESCRIPTION_MAX, documentTitle, FIXED_PAGE_META, NOT_FOUND_META, pageMetaFor, roomPageMeta } from './route-meta.ts';
import { NEWSLETTER_PAGES, PAGE_PATTERNS, ROUTES } from './routes.ts';

/** A path of each pattern, its parameter filled with a published value. */
const samplePath = (pattern: string) =>
  pattern
    .replace(':slug', pattern.startsWith('/news') ? NEWS_CATEGORY_META[0].slug : BLOG_POST_META[0].slug)
    .replace(':id', '1')
    .replace(':otherUserId', '7');

const indexable = (path: string) => pageMetaFor(path)?.meta.indexable;

describe('route metadata', () => {
  it.each(PAGE_PATTERNS.map((p) => [p]))('has a title and a description for %s', (pattern) => {
    const found = pageMetaFor(samplePath(pattern));
    expect(found?.pattern).toBe(pattern);
    expect(found?.meta.title.length).toBeGreaterThan(1);
    expect(found?.meta.description.length).toBeGreaterThan(20);
    expect(found?.meta.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
  });

  it('keeps the private and account pages out of search engines, and the public ones in', () => {
    for (const path of [ROUTES.messages, ROUTES.chat(3), ROUTES.myListings, ROUTES.myFlatmateProfile, ROUTES.postAd, ROUTES.editRoom(4), ROUTES.resetPassword, ROUTES.forgotPassword, ROUTES.login, ROUTES.register, NEWSLETTER_PAGES.unsubscribe]) {
      expect([path, indexable(path)]).toEqual([path, false]);
    }
    for (const path of [ROUTES.home, ROUTES.rooms, ROUTES.room(4), ROUTES.flatmates, ROUTES.pricing, ROUTES.blog, ROUTES.blogPost(BLOG_POST_META[1].slug), ROUTES.newsArticle(2), ROUTES.newsCategory('guides')]) {
      expect([path, indexable(path)]).toEqual([path, true]);
    }
  });

  it('takes the posts’ and articles’ titles and summaries from the published list, and knows no other', () => {
    for (const post of BLOG_POST_META) expect(pageMetaFor(ROUTES.blogPost(post.slug))?.meta).toMatchObject({ title: post.title, description: post.summary });
    for (const article of NEWS_ARTICLE_META) expect(pageMetaFor(ROUTES.newsArticle(article.id))?.meta.title).toBe(article.title);
    expect(pageMetaFor(ROUTES.newsCategory('market-analysis'))?.meta.title).toBe('Market Analysis | News');
    expect(pageMetaFor('/blog/no-such-post')).toBeNull();
    expect(pageMetaFor('/news/99')).toBeNull();
    expect(pageMetaFor('/no-such-page')).toBeNull();
  });

  it('matches the route table case-insensitively and points redirects at their target', () => {
    expect(pageMetaFor('/PRICING/')?.meta).toBe(FIXED_PAGE_META['/pricing']);
    expect(pageMetaFor(ROUTES.findARoom)?.meta.canonicalPath).toBe(ROUTES.rooms);
    expect(pageMetaFor(ROUTES.safetyAdvice)?.meta.canonicalPath).toBe(ROUTES.safety);
  });

  it('describes a room from its listing, within the length a search result shows', () => {
    const meta = roomPageMeta({ Title: 'Bright double', RoomType: 'Double', Rent: 950, City: 'London', AvailableDate: '2026-12-01', Description: 'Sunny. '.repeat(60) });
    expect(meta.title).toBe('Bright double');
    expect(meta.description).toMatch(/^Double room in London for £950 a month, available from 1 Dec 2026\. Sunny/);
    expect(meta.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(roomPageMeta({ Title: 'x', RoomType: 'Single', Rent: 500.5, City: 'Leeds' }).description).toBe('Single room in Leeds for £500.50 a month.');
  });

  it('titles the tab as the server titles the page', () => {
    expect(documentTitle('Pricing')).toBe('Pricing | RoomNest');
    expect(documentTitle('')).toBe('RoomNest');
    expect(NOT_FOUND_META.indexable).toBe(false);
  });
});
