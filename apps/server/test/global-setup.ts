import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { dropTestDatabase } from './drop-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL to a database on the test server with rights to create databases; ends with `/postgres`-like db. */
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

const TEMPLATE = 'lanyard_test_template';

/**
 * One PostgreSQL for the whole run (embedded, or TEST_DATABASE_URL), with a migrated template
 * database; each test file clones it, so files run in parallel without truncating anything.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-test-pg-'));
    embedded = await startEmbeddedPostgres({ dataDir });
    adminUrl = embedded.url;
  }
  await dropTestDatabase(adminUrl, TEMPLATE);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${TEMPLATE}`);
  await admin.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE}`;
  await runMigrations(templateUrl.toString());

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', TEMPLATE);

  return async () => {
    await embedded?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
