/**
 * The tags the server writes into the shell's index.html for each page: title, description,
 * canonical, robots, Open Graph, Twitter and, for a room, JSON-LD. What they say is decided in
 * shared/src/route-meta.ts; this file only writes it, escaped, into the page.
 */
import { documentTitle, photoVariantUrl, ROUTES, SITE_LOCALE, SITE_NAME, type PageMeta } from '@roomnest/shared';
import type { PublicRoomMeta } from './repository.ts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/** JSON made safe inside a <script> element: no `</script>`, no `<!--`, no line separators JavaScript reads as line ends. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface PageHead {
  meta: PageMeta;
  /** Absolute URL of the page as search engines should list it; null for a page that is no page (404). */
  canonical: string | null;
  /** Absolute URL of the link-preview image. */
  image: string;
  type: 'website' | 'article';
  jsonLd?: unknown;
}

/** The head tags of a page, one a line. */
export function renderHead({ meta, canonical, image, type, jsonLd }: PageHead): string {
  const title = escapeHtml(documentTitle(meta.title));
  const description = escapeHtml(meta.description);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    meta.indexable ? null : '<meta name="robots" content="noindex">',
    canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : null,
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:locale" content="${SITE_LOCALE}">`,
    `<meta property="og:type" content="${type}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${description}">`,
    canonical ? `<meta property="og:url" content="${escapeHtml(canonical)}">` : null,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    jsonLd === undefined ? null : `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  ];
  return tags.filter((tag) => tag !== null).join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /\s*<meta\s+name=["']description["'][^>]*>/i;

/**
 * The shell's page with `head` in place of its title and description. A shell without a <title>
 * gets the tags at the end of its <head>.
 */
export function withHead(shellHtml: string, head: string): string {
  const html = shellHtml.replace(DESCRIPTION, '');
  if (TITLE.test(html)) return html.replace(TITLE, () => head);
  return html.replace(/<\/head>/i, () => `${head}\n</head>`);
}

/** The absolute URL of a path on the site. */
export const absoluteUrl = (origin: string, path: string) => new URL(path, origin).href;

/** The link-preview image of a room: its cover's Open Graph copy when the cover's copies exist, else the cover itself. */
export function roomImage(room: Pick<PublicRoomMeta, 'cover_path' | 'cover_width'>): string | null {
  if (!room.cover_path) return null;
  return room.cover_width !== null ? photoVariantUrl(room.cover_path, 'og') : room.cover_path;
}

/** schema.org JSON-LD of a room: an Offer of the room, its price the monthly rent in pounds. */
export function roomJsonLd(room: PublicRoomMeta, meta: PageMeta, origin: string, image: string): unknown {
  const url = absoluteUrl(origin, ROUTES.room(room.id));
  return {
    '@context': 'https://schema.org',
    '@type': 'Offer',
    url,
    price: room.rent,
    priceCurrency: 'GBP',
    availability: 'https://schema.org/InStock',
    availabilityStarts: room.available_date,
    priceSpecification: { '@type': 'UnitPriceSpecification', price: room.rent, priceCurrency: 'GBP', unitText: 'MONTH' },
    itemOffered: {
      '@type': 'Room',
      name: room.title,
      description: meta.description,
      url,
      image,
      address: {
        '@type': 'PostalAddress',
        addressLocality: room.city,
        postalCode: room.zip_code,
        addressCountry: 'GB',
      },
    },
  };
}
