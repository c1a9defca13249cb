/**
 * `@roomnest/shared/listing`: what the two modules that show listings share
 * (mf-search and mf-listings): the listings api definition with its
 * cross-module freshness, and the listing UI pieces.
 */
export * from './listings-api.ts';
export * from './amenity-icon.tsx';
export * from './listing-image.tsx';
export * from './expiry.ts';
export * from './listing-shape.ts';
