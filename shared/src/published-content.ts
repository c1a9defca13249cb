/**
 * What the server and the browser both need to know about mf-content's fixed posts, articles and
 * news categories: their address, title and one-sentence summary. mf-content keeps the text and
 * renders it, reading these fields from here; the server answers 404 for any other slug or id and
 * writes these titles and summaries into the page's HTML and the sitemap. One list, so a post's
 * title in the browser tab, in a search result and in a link preview is the same.
 */

export interface PublishedPostMeta {
  slug: string;
  title: string;
  summary: string;
}

export interface PublishedArticleMeta {
  id: number;
  title: string;
  summary: string;
}

export const BLOG_POST_META = [
  {
    slug: 'understanding-tenancy-agreement',
    title: 'Understanding Your Tenancy Agreement',
    summary: 'What the document you are about to sign actually says: the type of agreement, the rent, the deposit, repairs and how to leave.',
  },
  {
    slug: 'tips-finding-flatmate',
    title: 'Top Tips for Finding the Perfect Flatmate',
    summary: 'Good flatmates are made before the move: how to write a profile that attracts the right people, and what to ask when you meet.',
  },
  {
    slug: 'landlord-essentials-property-prep',
    title: 'Landlord Essentials: Preparing Your Property for Tenants',
    summary: 'The certificates, checks and finishing touches to sort out before your first viewing, so your room lets quickly and legally.',
  },
] as const satisfies readonly PublishedPostMeta[];

export const NEWS_ARTICLE_META = [
  {
    id: 1,
    title: 'RoomNest reaches 50,000 active users and expands to Manchester and Birmingham',
    summary:
      'Four years after starting in a Bethnal Green house share, RoomNest now helps more than 50,000 people a month find rooms and flatmates, and is bringing the same search to Manchester and Birmingham.',
  },
  {
    id: 2,
    title: 'East London room rents: what our spring 2025 listings tell us',
    summary:
      'Rooms near the Elizabeth line are letting fastest, most adverts now include bills, and the gap between inner and outer East London is widening. Here is what the listings on RoomNest show.',
  },
  {
    id: 3,
    title: 'New on RoomNest: clearer listing expiry dates and one-click renewals',
    summary:
      'Every listing now shows exactly when it expires, and landlords can renew a listing in one click during its last week, so renters see fewer out-of-date adverts.',
  },
] as const satisfies readonly PublishedArticleMeta[];

/** The categories of the news sidebar, in its order. */
export const NEWS_CATEGORY_META = [
  { slug: 'product-updates', name: 'Product Updates' },
  { slug: 'market-analysis', name: 'Market Analysis' },
  { slug: 'guides', name: 'Guides' },
  { slug: 'community', name: 'Community' },
  { slug: 'company-news', name: 'Company News' },
] as const;

export const findPostMeta = (slug: string): PublishedPostMeta | undefined => BLOG_POST_META.find((p) => p.slug === slug);
export const findArticleMeta = (id: number): PublishedArticleMeta | undefined => NEWS_ARTICLE_META.find((a) => a.id === id);
export const findCategoryMeta = (slug: string): { slug: string; name: string } | undefined => NEWS_CATEGORY_META.find((c) => c.slug === slug);
