import { defineConfig } from 'vitest/config';

/** Tests of the workspace scripts (the deployment store), in Node. */
export default defineConfig({
  test: { name: 'scripts', environment: 'node', include: ['**/*.test.mjs'] },
});
