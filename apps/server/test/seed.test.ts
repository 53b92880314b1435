import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, uploads, users } from '../src/db/schema/index';
import { createTestContext, type TestContext } from './helper';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-seed-'));
  // The CLI is bundled with the server (npm test builds first); build it when this file runs alone.
  if (!fs.existsSync(path.join(serverRoot, 'dist', 'seed.js'))) {
    execFileSync(process.execPath, ['build.mjs'], { cwd: serverRoot, stdio: 'pipe' });
  }
}, 120_000);
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run seed', () => {
  it('fills the database with applicants, applications and real PDF resumes', async () => {
    const out = execFileSync(process.execPath, ['dist/seed.js', '--applications', '120', '--resumes', '30'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        DATABASE_URL: ctx.databaseUrl,
        DATA_DIR: dataDir,
        SESSION_SECRET: 'x'.repeat(40),
      },
      encoding: 'utf8',
    });
    expect(out).toContain('Seeded 120 applicants (30 with resumes)');
    const db = ctx.database.db;
    const [u] = await db.select({ n: count() }).from(users);
    const [a] = await db.select({ n: count() }).from(applications);
    const [r] = await db
      .select({ n: count() })
      .from(applications)
      .where(isNotNull(applications.resumeUploadId));
    expect([u?.n, a?.n, r?.n]).toEqual([120, 120, 30]);
    const files = await db.select({ key: uploads.storageKey }).from(uploads);
    expect(files).toHaveLength(30);
    for (const f of files) {
      expect(
        fs
          .readFileSync(path.join(dataDir, 'uploads', f.key))
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    // Seeded accounts sign in with the password the command printed.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        email: (await db.select({ e: users.email }).from(users).limit(1))[0]!.e,
        password: out.match(/password: (\S+)/)![1]!,
      },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a bad count with the usage text', () => {
    expect(() =>
      execFileSync(process.execPath, ['dist/seed.js', '--applications', 'lots'], {
        cwd: serverRoot,
        env: {
          ...process.env,
          DATABASE_URL: ctx.databaseUrl,
          DATA_DIR: dataDir,
          SESSION_SECRET: 'x'.repeat(40),
        },
        stdio: 'pipe',
      }),
    ).toThrow(/Usage: npm run seed/);
  });
});
