/**
 * The listings calls of the API (docs/product.md, The API contract), defined once for every module that
 * shows listings (mf-search: search and detail; mf-listings: the landlord's
 * screens). Each injects them into the page's one api with
 * `injectHostEndpoints(listingsEndpoints)`: the same endpoint name and
 * argument is the same cache entry, so a listing posted in mf-listings
 * refreshes mf-search's pages through the tags alone.
 *
 * These definitions are a contract between separately released modules: the
 * first module to inject a name keeps its definition for the page. Add
 * endpoints; never change what an existing one asks or answers.
 */
import type { Listing, ListingsPage, ListingStatus, MyListing, MyListingsStats, Photo } from '../domain.ts';
import type { ListingSearchQuery } from '../schemas/listing.ts';
import { hostApi, MY_LISTINGS_TAG_ID, TAGS, type ApiMessage, type HostApiBuilder, type StoreDispatch } from '../client/api.ts';

export { MY_LISTINGS_TAG_ID };
export const LISTING_TAG = TAGS.listing;
/** Tag ids beside the listing ids: the public search pages and the landlord's own list. */
const SEARCH = 'SEARCH';
const MINE = MY_LISTINGS_TAG_ID;

export interface ListingCreated {
  listingId: number;
  message: string;
}
export interface ListingChanged {
  message: string;
  listing: Listing;
}
export interface PhotosAnswer {
  photos: Photo[];
}
export type { ApiMessage };

type Tag = { type: typeof LISTING_TAG; id: number | string };
const listingTags = (listings: readonly Listing[] | undefined, listId: string): Tag[] => [
  { type: LISTING_TAG, id: listId },
  ...(listings ?? []).map((l) => ({ type: LISTING_TAG, id: l.ListingID }) as const),
];
/** A change to one listing: that listing, the search pages and the landlord's list. */
const changed = (id: number): Tag[] => [
  { type: LISTING_TAG, id },
  { type: LISTING_TAG, id: SEARCH },
  { type: LISTING_TAG, id: MINE },
];


/**
 * A listing's photos changed (added, reordered, deleted): the listing's cached answer takes the new list at
 * once (its cover and ImageUrl follow the first photo, as on the server), and the search pages and the
 * landlord's list, whose cards show the cover, are fetched afresh.
 */
export function photosChanged(id: number, photos: Photo[]) {
  const api = hostApi();
  return (dispatch: StoreDispatch) => {
    dispatch(
      api.util.updateQueryData('getListing' as never, id as never, ((draft: Listing) => {
        draft.Photos = photos;
        draft.ImageUrl = photos[0]?.Url ?? null;
        draft.ThumbnailUrl = photos[0]?.ThumbUrl ?? null;
      }) as never),
    );
    dispatch(api.util.invalidateTags([{ type: LISTING_TAG, id: SEARCH }, { type: LISTING_TAG, id: MINE }]));
  };
}

/** A listing was posted outside the api (an upload with progress): the search pages and the landlord's list refresh. */
export function listingPosted() {
  return hostApi().util.invalidateTags([
    { type: LISTING_TAG, id: SEARCH },
    { type: LISTING_TAG, id: MINE },
  ]);
}

/** The query string of GET /api/listings, leaving out what is not set. */
export function listingSearchParams(query: ListingSearchQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params[key] = value as string | number;
  return params;
}

export const listingsEndpoints = (build: HostApiBuilder) => ({
  /** Public search: one page of Available, unexpired listings. */
  searchListings: build.query<ListingsPage, ListingSearchQuery>({
    query: (query) => ({ url: '/listings', params: listingSearchParams(query) }),
    providesTags: (result) => listingTags(result?.listings, SEARCH),
  }),
  getListing: build.query<Listing, number>({
    query: (id) => `/listings/${id}`,
    providesTags: (_result, _error, id) => [{ type: LISTING_TAG, id }],
  }),
  /** The signed-in landlord's listings, every status, newest first, each with its views and enquiries. */
  myListings: build.query<{ listings: MyListing[] }, void>({
    query: () => '/listings/my-listings',
    providesTags: (result) => listingTags(result?.listings, MINE),
  }),
  /** The signed-in landlord's listings' views and enquiries per London day (LISTING_STATS_DAYS days, today last). */
  myListingsStats: build.query<MyListingsStats, void>({
    query: () => '/listings/my-listings/stats',
    providesTags: [{ type: LISTING_TAG, id: MINE }],
  }),
  /** Multipart: the listing fields, repeated `Amenities`, optional `roomImage`. */
  createListing: build.mutation<ListingCreated, FormData>({
    query: (body) => ({ url: '/listings', method: 'POST', body }),
    invalidatesTags: [
      { type: LISTING_TAG, id: SEARCH },
      { type: LISTING_TAG, id: MINE },
    ],
  }),
  /** Multipart as for create, plus Status; without `roomImage` the current image stays. */
  updateListing: build.mutation<ListingChanged, { id: number; body: FormData }>({
    query: ({ id, body }) => ({ url: `/listings/${id}`, method: 'PUT', body }),
    invalidatesTags: (_r, _e, { id }) => changed(id),
  }),
  /** A permutation of the listing's photo ids: the new order, the first the cover. */
  reorderPhotos: build.mutation<PhotosAnswer, { id: number; PhotoIDs: number[] }>({
    query: ({ id, PhotoIDs }) => ({ url: `/listings/${id}/photos/order`, method: 'PUT', body: { PhotoIDs } }),
    onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
      const { data } = await queryFulfilled.catch(() => ({ data: null }));
      if (data) photosChanged(id, data.photos)(dispatch);
    },
  }),
  deletePhoto: build.mutation<PhotosAnswer, { id: number; photoId: number }>({
    query: ({ id, photoId }) => ({ url: `/listings/${id}/photos/${photoId}`, method: 'DELETE' }),
    onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
      const { data } = await queryFulfilled.catch(() => ({ data: null }));
      if (data) photosChanged(id, data.photos)(dispatch);
    },
  }),
  updateStatus: build.mutation<ListingChanged, { id: number; Status: ListingStatus }>({
    query: ({ id, Status }) => ({ url: `/listings/${id}/status`, method: 'PATCH', body: { Status } }),
    invalidatesTags: (_r, _e, { id }) => changed(id),
  }),
  /** Another 30 days in search, from now. */
  renewListing: build.mutation<ListingChanged, number>({
    query: (id) => ({ url: `/listings/${id}/renew`, method: 'POST' }),
    invalidatesTags: (_r, _e, id) => changed(id),
  }),
  deleteListing: build.mutation<ApiMessage, number>({
    query: (id) => ({ url: `/listings/${id}`, method: 'DELETE' }),
    // The deleted listing's own entry is left alone: the page that showed it
    // moves on, and refetching it now would only fetch a 404.
    invalidatesTags: [
      { type: LISTING_TAG, id: SEARCH },
      { type: LISTING_TAG, id: MINE },
    ],
  }),
});
