import { defineConfig } from 'vitest/config';

/** `npm run test:unit`: every package's unit tests; the API's run against a real database. */
export default defineConfig({
  test: {
    projects: ['shared', 'shell', 'mf-search', 'mf-listings', 'mf-messaging', 'mf-profile', 'mf-content', 'mf-moderation', 'api', 'scripts/vitest.config.mjs'],
  },
});
