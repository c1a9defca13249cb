import { describe, expect, it } from 'vitest';
import { BLOG_SLUGS, lookUpPage, matchPagePattern, NEWSLETTER_PAGES, PAGE_PATTERNS, parseRecordId, ROUTE_PATTERNS, ROUTES } from './routes.ts';

describe('lookUpPage', () => {
  it.each(['/', '/rooms', '/find-a-room', '/pricing', '/login', '/register', '/forgot-password', '/reset-password', '/signup', '/safety-advice', '/news', '/accessibility'])(
    'knows %s as a page',
    (path) => expect(lookUpPage(path)).toEqual({ kind: 'page' }),
  );

  it('ignores trailing slashes and the case of literal segments, as the router does', () => {
    expect(lookUpPage('/pricing/')).toEqual({ kind: 'page' });
    expect(lookUpPage('/Pricing')).toEqual({ kind: 'page' });
    expect(lookUpPage('/BLOG/tips-finding-flatmate')).toEqual({ kind: 'page' });
  });

  it.each(['/no-such-page', '/rooms/5/edit/more', '/pricing/extra', '//pricing', '/blog/%E0%A4%A', '/messages/chat'])('knows %s is no page', (path) =>
    expect(lookUpPage(path)).toEqual({ kind: 'none' }),
  );

  it('knows the three blog posts and no other slug', () => {
    for (const slug of BLOG_SLUGS) expect(lookUpPage(`/blog/${slug}`)).toEqual({ kind: 'page' });
    expect(lookUpPage('/blog/no-such-post')).toEqual({ kind: 'none' });
    // Slugs are not case-insensitive: the post page compares them exactly.
    expect(lookUpPage('/blog/Tips-Finding-Flatmate')).toEqual({ kind: 'none' });
  });

  it('knows the news articles and categories and no others', () => {
    expect(lookUpPage('/news/1')).toEqual({ kind: 'page' });
    expect(lookUpPage('/news/3')).toEqual({ kind: 'page' });
    expect(lookUpPage('/news/4')).toEqual({ kind: 'none' });
    expect(lookUpPage('/news/01')).toEqual({ kind: 'none' });
    expect(lookUpPage('/news/category/guides')).toEqual({ kind: 'page' });
    expect(lookUpPage('/news/category/gossip')).toEqual({ kind: 'none' });
  });

  it('leaves a room to its listing, and a room id that cannot exist is no page', () => {
    expect(lookUpPage('/rooms/42')).toEqual({ kind: 'room', listingId: 42 });
    expect(lookUpPage('/rooms/42/')).toEqual({ kind: 'room', listingId: 42 });
    for (const path of ['/rooms/abc', '/rooms/0', '/rooms/-1', '/rooms/1.5', '/rooms/99999999999', '/rooms/2147483648']) expect(lookUpPage(path)).toEqual({ kind: 'none' });
  });

  it('takes any well-formed id for the pages only a signed-in user can judge', () => {
    expect(lookUpPage('/rooms/7/edit')).toEqual({ kind: 'page' });
    expect(lookUpPage('/rooms/abc/edit')).toEqual({ kind: 'none' });
    expect(lookUpPage('/messages/chat/12')).toEqual({ kind: 'page' });
    expect(lookUpPage('/messages/chat/me')).toEqual({ kind: 'none' });
  });
});

describe('the page paths', () => {
  it('build links that match their own patterns', () => {
    expect(ROUTES.room(12)).toBe('/rooms/12');
    expect(matchPagePattern(ROUTES.room(12))).toEqual({ pattern: ROUTE_PATTERNS.room, params: { id: '12' } });
    expect(matchPagePattern(ROUTES.editRoom(12))).toEqual({ pattern: ROUTE_PATTERNS.editRoom, params: { id: '12' } });
    expect(matchPagePattern(ROUTES.chat(7))).toEqual({ pattern: ROUTE_PATTERNS.chat, params: { otherUserId: '7' } });
    expect(matchPagePattern(ROUTES.blogPost('tips-finding-flatmate'))).toEqual({ pattern: ROUTE_PATTERNS.blogPost, params: { slug: 'tips-finding-flatmate' } });
    expect(matchPagePattern(ROUTES.newsArticle(3))).toEqual({ pattern: ROUTE_PATTERNS.newsArticle, params: { id: '3' } });
    expect(matchPagePattern(ROUTES.newsCategory('guides'))).toEqual({ pattern: ROUTE_PATTERNS.newsCategory, params: { slug: 'guides' } });
  });

  it('list every page once, and the newsletter pages are not taken for news articles', () => {
    expect(new Set(PAGE_PATTERNS).size).toBe(PAGE_PATTERNS.length);
    expect(PAGE_PATTERNS).toContain(ROUTES.safetyAdvice);
    expect(matchPagePattern(NEWSLETTER_PAGES.unsubscribe)?.pattern).toBe(NEWSLETTER_PAGES.unsubscribe);
    expect(matchPagePattern(NEWSLETTER_PAGES.confirm)?.pattern).toBe(NEWSLETTER_PAGES.confirm);
  });
});

describe('matchPagePattern', () => {
  it('answers the pattern and its decoded parameters', () => {
    expect(matchPagePattern('/news/category/company-news')).toEqual({ pattern: '/news/category/:slug', params: { slug: 'company-news' } });
    expect(matchPagePattern('/blog/a%20b')).toEqual({ pattern: '/blog/:slug', params: { slug: 'a b' } });
    expect(matchPagePattern('/rooms/')).toEqual({ pattern: '/rooms', params: {} });
  });
});

describe('parseRecordId', () => {
  it('accepts whole numbers in the integer range only', () => {
    expect(parseRecordId('1')).toBe(1);
    expect(parseRecordId('2147483647')).toBe(2147483647);
    for (const text of ['', '0', '007', '1e3', ' 1', '2147483648', 'x']) expect(parseRecordId(text)).toBeNull();
  });
});
