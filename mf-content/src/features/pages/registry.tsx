import { ROUTES } from '@roomnest/shared';
import type { ComponentType, ReactElement } from 'react';
import { matchPath } from 'react-router-dom';
import BlogListPage from '../blog/BlogListPage.tsx';
import BlogPostPage from '../blog/BlogPostPage.tsx';
import PricingPage from '../pricing/PricingPage.tsx';
import AboutUsPage from './static/AboutUsPage.tsx';
import AccessibilityPage from './static/AccessibilityPage.tsx';
import AdvertiserTipsPage from './static/AdvertiserTipsPage.tsx';
import AdvicePage from './static/AdvicePage.tsx';
import CareersPage from './static/CareersPage.tsx';
import ContactUsPage from './static/ContactUsPage.tsx';
import FaqPage from './static/FaqPage.tsx';
import NewsPage from './static/NewsPage.tsx';
import PressPage from './static/PressPage.tsx';
import PrivacyPage from './static/PrivacyPage.tsx';
import SafetyPage from './static/SafetyPage.tsx';
import SitemapPage from './static/SitemapPage.tsx';
import TermsPage from './static/TermsPage.tsx';

/**
 * Every path `./ContentPage` answers (spec section 2: blog, pricing and the
 * static pages), mapped to its page. A page with route parameters declares a
 * pattern and receives the parameters as props.
 */
export const CONTENT_PAGES: Record<string, ComponentType> = {
  [ROUTES.pricing]: PricingPage,
  [ROUTES.blog]: BlogListPage,
  [ROUTES.aboutUs]: AboutUsPage,
  [ROUTES.contactUs]: ContactUsPage,
  [ROUTES.faq]: FaqPage,
  [ROUTES.safety]: SafetyPage,
  [ROUTES.advice]: AdvicePage,
  [ROUTES.careers]: CareersPage,
  [ROUTES.press]: PressPage,
  [ROUTES.terms]: TermsPage,
  [ROUTES.privacy]: PrivacyPage,
  [ROUTES.advertiserTips]: AdvertiserTipsPage,
  [ROUTES.sitemap]: SitemapPage,
  [ROUTES.news]: NewsPage,
  [ROUTES.accessibility]: AccessibilityPage,
};

const PATTERN_PAGES: { pattern: string; render: (params: Record<string, string | undefined>) => ReactElement }[] = [
  { pattern: '/blog/:slug', render: ({ slug = '' }) => <BlogPostPage key={slug} slug={slug} /> },
];

/** The page for a path, or null when the path is not a content page. Trailing slashes are ignored. */
export function resolveContentPage(pathname: string): ReactElement | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const Page = CONTENT_PAGES[path];
  if (Page) return <Page />;
  for (const { pattern, render } of PATTERN_PAGES) {
    const match = matchPath(pattern, path);
    if (match) return render(match.params);
  }
  return null;
}
