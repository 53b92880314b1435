import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-embedded-'));
let running: EmbeddedPostgres | undefined;

afterAll(async () => {
  await running?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function answers(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('select 1 as n')).rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL', () => {
  it('starts when its log goes to a file, not to the stderr it watches', async () => {
    running = await startEmbeddedPostgres({ dataDir });
    expect(await answers(running.url)).toBe(1);
    await running.stop();
    running = undefined;
    // What an operator may set with ALTER SYSTEM: the "ready" line then never reaches stderr.
    const logDir = path.join(dataDir, 'postgres', 'log');
    fs.appendFileSync(
      path.join(dataDir, 'postgres', 'postgresql.auto.conf'),
      `logging_collector = on\nlog_directory = '${logDir}'\n`,
    );
    running = await startEmbeddedPostgres({ dataDir });
    expect(await answers(running.url)).toBe(1);
    expect(fs.readdirSync(logDir).length).toBeGreaterThan(0);
  }, 60_000);
});
