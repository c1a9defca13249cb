import { EMAIL_PAGES, NEWSLETTER_PAGES, ROUTE_PATTERNS, ROUTES } from '@roomnest/shared';
import { matchPath } from 'react-router-dom';
import type { ContentPageProps, PageLoader } from './lazy-page.tsx';

/** The newsletter email's two links share one page. */
const newsletterLinkPage: PageLoader = () => import('../news/NewsletterLinkPage.tsx');

/**
 * Every path `./ContentPage` answers (blog, pricing, news and the static
 * pages of docs/product.md, Routes and guards), mapped to a loader of its page's own chunk, so the entry
 * module stays small and no page pays for another's text or forms.
 */
export const CONTENT_PAGES: Record<string, PageLoader> = {
  [ROUTES.pricing]: () => import('../pricing/PricingPage.tsx'),
  [ROUTES.blog]: () => import('../blog/BlogListPage.tsx'),
  [ROUTES.aboutUs]: () => import('./static/AboutUsPage.tsx'),
  [ROUTES.contactUs]: () => import('../contact/ContactUsPage.tsx'),
  [ROUTES.faq]: () => import('../faq/FaqPage.tsx'),
  [ROUTES.safety]: () => import('./static/SafetyPage.tsx'),
  [ROUTES.advice]: () => import('./static/AdvicePage.tsx'),
  [ROUTES.careers]: () => import('./static/CareersPage.tsx'),
  [ROUTES.press]: () => import('../press/PressPage.tsx'),
  [ROUTES.terms]: () => import('../legal/TermsPage.tsx'),
  [ROUTES.privacy]: () => import('../legal/PrivacyPage.tsx'),
  [ROUTES.advertiserTips]: () => import('./static/AdvertiserTipsPage.tsx'),
  [ROUTES.sitemap]: () => import('./static/SitemapPage.tsx'),
  [ROUTES.news]: () => import('../news/NewsListPage.tsx'),
  [ROUTES.accessibility]: () => import('./static/AccessibilityPage.tsx'),
  [NEWSLETTER_PAGES.confirm]: newsletterLinkPage,
  [NEWSLETTER_PAGES.unsubscribe]: newsletterLinkPage,
  [EMAIL_PAGES.unsubscribe]: () => import('../email/EmailUnsubscribePage.tsx'),
};

/** Pages with route parameters; the page receives them as `params`. The first match wins. */
export const PATTERN_PAGES: readonly { pattern: string; load: PageLoader }[] = [
  { pattern: ROUTE_PATTERNS.blogPost, load: () => import('../blog/BlogPostPage.tsx') },
  { pattern: ROUTE_PATTERNS.newsCategory, load: CONTENT_PAGES[ROUTES.news] as PageLoader },
  { pattern: ROUTE_PATTERNS.newsArticle, load: () => import('../news/NewsArticlePage.tsx') },
];

export interface ResolvedPage {
  /** The path without trailing slashes. */
  path: string;
  load: PageLoader;
  params: ContentPageProps['params'];
}

const NO_PARAMS: ContentPageProps['params'] = Object.freeze({});

/** The page for a path, or null when the path is not a content page. Trailing slashes are ignored. */
export function resolveContentPage(pathname: string): ResolvedPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  const load = CONTENT_PAGES[path];
  if (load) return { path, load, params: NO_PARAMS };
  for (const { pattern, load: patternLoad } of PATTERN_PAGES) {
    const match = matchPath(pattern, path);
    if (match) {
      const params: Record<string, string> = {};
      for (const [key, value] of Object.entries(match.params)) if (value !== undefined) params[key] = value;
      return { path, load: patternLoad, params };
    }
  }
  return null;
}
