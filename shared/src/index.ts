/**
 * @roomnest/shared: the contract between the shell, the remotes and the API.
 * This entry is pure (no browser or React code) so the server can import it.
 * Browser code: '@roomnest/shared/client' and '@roomnest/shared/ui'.
 */
export * from './domain.ts';
export * from './constants.ts';
export * from './plans.ts';
export * from './texts.ts';
export * from './routes.ts';
export * from './photos.ts';
export * from './format.ts';
export * from './dates.ts';
export * from './query-string.ts';
export * from './schemas/index.ts';
export * from './published-content.ts';
export * from './route-meta.ts';
export * from './saved-searches.ts';
export * from './trust.ts';
export * from './scam-phrases.ts';
export * from './cohorts.ts';
