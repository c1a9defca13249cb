/**
 * What a page's HTML says about it: its status (200, or 404 for no page, an unknown post or an
 * absent or non-public room) and its head tags, from the route metadata (shared/src/route-meta.ts)
 * and, for a room, one query for its public fields.
 */
import { DEFAULT_SHARE_IMAGE, lookUpPage, NOT_FOUND_META, pageMetaFor, ROUTE_PATTERNS, ROUTES, roomPageMeta, type PageMeta } from '@roomnest/shared';
import type { Executor } from '../../db/types.ts';
import { absoluteUrl, renderHead, roomImage, roomJsonLd } from './page-head.ts';
import { findPublicRoomMeta } from './repository.ts';

export interface DescribedPage {
  status: 200 | 404;
  /** The head tags to write into the shell's page. */
  head: string;
}

export interface PageContext {
  /** The request's path and query, as received. */
  url: string;
  /** Where the live shell's build is served (`/store/shell/<version>/`): the default preview image is there. */
  shellBase: string;
}

/** The room search's parameters that make a search a page of its own: a place. The rest (price, sort, page) are views of it. */
const CANONICAL_SEARCH_PARAMS = ['city'] as const;

/** The canonical path of a fixed page: the route table's spelling, a redirect's target, the room search with its place only. */
function canonicalPath(pattern: string, meta: PageMeta, query: URLSearchParams): string {
  const path = meta.canonicalPath ?? pattern;
  if (path !== ROUTES.rooms) return path;
  const kept = new URLSearchParams();
  for (const name of CANONICAL_SEARCH_PARAMS) {
    const value = query.get(name)?.trim();
    if (value) kept.set(name, value.toLowerCase());
  }
  const qs = kept.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Any path that is no page, and a room that is absent or not public: noindex, no canonical. */
const notFound = (defaultImage: string): DescribedPage => ({
  status: 404,
  head: renderHead({ meta: NOT_FOUND_META, canonical: null, image: defaultImage, type: 'website' }),
});

export function createPageDescriber({ db, origin }: { db: Executor; origin: string }) {
  return async function describePage({ url, shellBase }: PageContext): Promise<DescribedPage> {
    const [path = '', search = ''] = url.split('?', 2);
    const defaultImage = absoluteUrl(origin, shellBase + DEFAULT_SHARE_IMAGE);
    const lookup = lookUpPage(path);
    const found = lookup.kind === 'none' ? null : pageMetaFor(path);
    if (!found) return notFound(defaultImage);

    if (lookup.kind === 'room') {
      const room = await findPublicRoomMeta(db, lookup.listingId);
      if (!room) return notFound(defaultImage);
      const meta = roomPageMeta({
        Title: room.title,
        RoomType: room.room_type,
        Rent: room.rent,
        City: room.city,
        AvailableDate: room.available_date,
        Description: room.description,
      });
      const cover = roomImage(room);
      const image = cover ? absoluteUrl(origin, cover) : defaultImage;
      return {
        status: 200,
        head: renderHead({ meta, canonical: absoluteUrl(origin, ROUTES.room(room.id)), image, type: 'website', jsonLd: roomJsonLd(room, meta, origin, image) }),
      };
    }

    const { pattern, params, meta } = found;
    // The route table's spelling, with the parameter as the address gave it (encoded again).
    const canonical = canonicalPath(pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? '')), meta, new URLSearchParams(search));
    const article = pattern === ROUTE_PATTERNS.blogPost || pattern === ROUTE_PATTERNS.newsArticle;
    return {
      status: 200,
      head: renderHead({ meta, canonical: meta.indexable ? absoluteUrl(origin, canonical) : null, image: defaultImage, type: article ? 'article' : 'website' }),
    };
  };
}
