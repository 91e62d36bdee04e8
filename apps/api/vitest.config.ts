import { configDefaults, defineProject, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Files that replace a module with `vi.mock`: a mock takes effect only where the module is loaded
 * anew, so these files run in the `api-isolated` project, each with a module graph of its own.
 */
export const MODULE_MOCKING_FILES = ['src/modules/site-content/report.test.ts'];

const shared: NonNullable<TestProjectInlineConfiguration['test']> = {
  environment: 'node',
  setupFiles: ['./src/test/setup.ts'],
  // Migrates once per run; each test file then copies that database (src/test/template.ts).
  globalSetup: ['./src/test/global-setup.ts'],
  // Integration tests over HTTP on an embedded database: on a busy 2-core machine the slowest
  // (hundreds of requests) take 15 s; timeouts are a safety net here, never a measurement.
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineProject({
  test: {
    name: 'api',
    ...shared,
    exclude: [...configDefaults.exclude, ...MODULE_MOCKING_FILES],
    // A worker loads the app's modules once and runs file after file on them (each file still builds
    // its own app on its own database copy): loading the whole app per file was most of the suite's
    // time. Module state is per database handle or per app, never per file (docs/testing.md).
    isolate: false,
  },
});

/** The files of MODULE_MOCKING_FILES, each in a fresh module graph (listed in the root config). */
export const isolatedApiProject = defineProject({
  root: import.meta.dirname,
  test: { name: 'api-isolated', ...shared, include: MODULE_MOCKING_FILES, isolate: true },
});
