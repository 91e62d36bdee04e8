import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { dropRunCopies, newRunId, prepareEmbeddedTemplate, prepareServerTemplate, type TestDatabaseTemplate } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database each test file copies (see ./template.ts). */
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}

/**
 * Global setup of the api project: migrates once per run, on PostgreSQL when TEST_DATABASE_URL
 * names a server, else on the embedded database. Answers the teardown.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const runId = newRunId();
  const template = serverUrl ? await prepareServerTemplate(serverUrl, runId) : await prepareEmbeddedTemplate(runId);
  project.provide('testDatabaseTemplate', template);
  return async () => {
    if (template.driver === 'pglite') rmSync(template.file, { force: true });
    else if (serverUrl) await dropRunCopies(serverUrl, runId);
  };
}
