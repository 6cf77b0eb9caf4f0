import type { TestProject } from 'vitest/node';
import { preparePgliteSnapshot, preparePostgresTemplate } from '../helpers/test-database.ts';

/** Runs once per test run and project: prepares what each test file clones its database from. */
export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DB_BACKEND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    return preparePostgresTemplate(url);
  }
  await preparePgliteSnapshot();
  return undefined;
}
