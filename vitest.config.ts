import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { isolatedApiProject } from './apps/api/vitest.config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', isolatedApiProject, 'apps/web'],
    // One worker per core. Vitest's default leaves one core to the main process, which on a 2-core
    // machine ran every file on one worker; the main process is mostly idle once files are
    // transformed.
    // Whether a file gets a fresh worker and module graph is each project's `isolate` (true except
    // the api project's, whose workers run file after file on the modules they loaded).
    maxWorkers: availableParallelism(),
  },
});
