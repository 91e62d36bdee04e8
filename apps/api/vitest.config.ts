import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    setupFiles: ['./src/test/setup.ts'],
    // Integration tests over HTTP on an embedded database: on a busy 2-core machine the slowest
    // (hundreds of requests) take 15 s; timeouts are a safety net here, never a measurement.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
