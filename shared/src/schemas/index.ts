export * from './fields.ts';
export * from './auth.ts';
export * from './listing.ts';
export * from './profile.ts';
export * from './message.ts';
export * from './common.ts';
export * from './content.ts';
export * from './client-errors.ts';
