/**
 * `@roomnest/shared/listing`: what the two modules that show listings share
 * (mf-search and mf-listings): the listings endpoints both inject into the
 * page's one api, and the listing UI pieces.
 */
export * from './listings-endpoints.ts';
export * from './amenity-icon.tsx';
export * from './listing-image.tsx';
export * from './expiry.ts';
export * from './listing-shape.ts';
export * from './photo-checks.ts';
export * from './photo-picker.tsx';
export * from './photo-gallery.tsx';
export * from './saved-rooms.ts';
export * from './save-room-button.tsx';
