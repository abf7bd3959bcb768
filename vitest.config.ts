import { defineConfig } from 'vitest/config';

// Unit tests run once; API tests (src/server/modules) run on PGlite and, when TEST_DATABASE_URL is
// set, again on PostgreSQL (DESIGN.md "tests").
const apiTests = ['src/server/modules/**/*.test.ts'];

// Tests that need a service the machine lacks are skipped, and say so in one line each (CI sets both).
if (!process.env.TEST_DATABASE_URL) {
  console.warn(
    '\n⚠  Skipped: the API tests on PostgreSQL (races, locks, query plans). Run them with TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm test\n',
  );
}
if (!process.env.TEST_REDIS_URL) {
  console.warn('\n⚠  Skipped: rate limits shared through Redis. Run them with TEST_REDIS_URL=redis://127.0.0.1:6379 npm test\n');
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: apiTests,
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          globalSetup: ['tests/helpers/pglite-template.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiTests,
                env: { TEST_DB: 'postgres' },
                setupFiles: ['tests/helpers/pg-one-query-at-a-time.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
