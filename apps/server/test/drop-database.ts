import pg from 'pg';

/**
 * Drops a test database, forcing its connections closed. A role that is not a superuser (CI's
 * PostgreSQL 15 runs as one) may not terminate an autovacuum worker, which belongs to no role, so
 * `with (force)` is refused (42501) while one is busy in the database; the worker finishes within
 * moments, so the drop is tried again rather than failing the suite over a cleanup race.
 */
export async function dropTestDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.query(`drop database if exists ${name} with (force)`);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== '42501' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } finally {
    await client.end();
  }
}
