import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Real CSS for the few rules a test checks (the toast region's bottom-centre placement).
    css: { include: [/toast\.css$/] },
    // Lazy page chunks and user-event typing under a busy machine: a safety net, not a measurement.
    testTimeout: 20_000,
    // On CI, like the browser tests: a test that fails is run once more (the report names it); one
    // that fails twice fails the run. Under a loaded 2-core machine jsdom rendering timing varies.
    retry: process.env.CI ? 1 : 0,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
