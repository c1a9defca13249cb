import { defineConfig } from 'vitest/config';

/**
 * API tests: every suite runs against an in-memory PGlite and, when
 * TEST_DATABASE_URL is set, against that PostgreSQL too (a fresh schema per suite).
 */
export default defineConfig({
  test: {
    name: 'api',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
