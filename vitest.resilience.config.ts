import { defineConfig } from 'vitest/config';

// Process-level tests (issue 9): real server processes from the production build on PostgreSQL and
// Redis. Run after `npm run build` with `npm run test:resilience`; `.ci/run` runs them.
export default defineConfig({
  test: {
    name: 'resilience',
    include: ['tests/resilience/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
