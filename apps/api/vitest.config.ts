import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    setupFiles: ['./src/test/setup.ts'],
    // Migrates once per run; each test file then copies that database (src/test/template.ts).
    globalSetup: ['./src/test/global-setup.ts'],
    // Integration tests over HTTP on an embedded database: on a busy 2-core machine the slowest
    // (hundreds of requests) take 15 s; timeouts are a safety net here, never a measurement.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
