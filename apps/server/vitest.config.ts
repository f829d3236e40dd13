import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    // Password hashing is deliberately slow and the machine is small.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // The test files share each worker's modules instead of importing the app again for each of the
    // 62 files: the suite's CPU time 140 -> 89 core-seconds. Every file builds its own app and
    // database (test/helper.ts), so no state crosses; a test about the process itself runs one of
    // its own (images/pipeline.test.ts). Decision 029.
    isolate: false,
  },
});
