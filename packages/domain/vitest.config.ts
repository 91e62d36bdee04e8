import { defineProject } from 'vitest/config';

export default defineProject({
  // Property tests over thousands of cases: a safety net on a busy machine, not a measurement.
  test: { name: 'domain', environment: 'node', testTimeout: 20_000, isolate: true },
});
