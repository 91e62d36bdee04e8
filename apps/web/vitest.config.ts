import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  // The processed modules (below) read in camel case, as in the app (vite.config.ts).
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  test: {
    name: 'web',
    // A fresh worker thread per file (jsdom and the pages' module state start clean): reusing a
    // worker for the next jsdom file hangs it.
    pool: 'threads',
    isolate: true,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Real CSS for the few rules a test checks (the toast region's bottom-centre placement).
    // CSS modules keep their stylesheet's class names in tests (`toolbar`, not a hash).
    css: { include: [/toast\.module\.css$/], modules: { classNameStrategy: 'non-scoped' } },
    // Lazy page chunks under a busy machine: a safety net, not a measurement.
    testTimeout: 30_000,
    // No retries: a test that fails once fails the run (docs/testing.md: no fixed waits to miss).
    retry: 0,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
