import { BLOG_SLUGS, lookUpPage, NEWS_ARTICLE_IDS, NEWS_CATEGORY_SLUGS, PAGE_PATTERNS } from '@roomnest/shared';
import { describe, expect, it } from 'vitest';
import { BLOG_POSTS } from '../blog/posts.ts';
import { NEWS_ARTICLES, NEWS_CATEGORIES } from '../news/news.ts';
import { CONTENT_PAGES, PATTERN_PAGES } from './registry.tsx';

/**
 * The server answers 404 for any address the shared lists do not publish
 * (@roomnest/shared routes.ts): a post, article or category added here must
 * be published there too.
 */
describe('the addresses published in shared', () => {
  it('are the blog posts, news articles and categories of this remote', () => {
    expect(BLOG_POSTS.map((p) => p.slug).toSorted()).toEqual([...BLOG_SLUGS].toSorted());
    expect(NEWS_ARTICLES.map((a) => a.id).toSorted()).toEqual([...NEWS_ARTICLE_IDS].toSorted());
    expect(NEWS_CATEGORIES.map((c) => c.slug).toSorted()).toEqual([...NEWS_CATEGORY_SLUGS].toSorted());
  });

  it('include every page this remote answers', () => {
    const patterns: readonly string[] = PAGE_PATTERNS;
    for (const path of [...Object.keys(CONTENT_PAGES), ...PATTERN_PAGES.map((p) => p.pattern)]) expect(patterns).toContain(path);
    for (const post of BLOG_POSTS) expect(lookUpPage(`/blog/${post.slug}`)).toEqual({ kind: 'page' });
  });
});
