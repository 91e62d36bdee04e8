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
    // CSS modules go through Vite's pipeline, so a module's classes are its named exports (the app
    // imports modules as namespaces), and keep their stylesheet's names (`toolbar`, not a hash). Real
    // rules reach the document only for the toast (a test checks the region's bottom-centre placement).
    css: { include: [/\.module\.css$/], modules: { classNameStrategy: 'non-scoped' } },
    // Lazy page chunks under a busy machine: a safety net, not a measurement.
    testTimeout: 30_000,
    // No retries: a test that fails once fails the run (docs/testing.md: no fixed waits to miss).
    retry: 0,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
