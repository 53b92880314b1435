import crypto from 'node:crypto';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError } from '../db/embedded';
import { createStorageFromConfig } from '../lib/storage-factory';
import { hashPassword } from '../modules/auth/passwords';
import { openRuntime, quietLog } from '../runtime';
import { parseSeedArgs } from './seed/args';
import { fakeApplication, fakePerson, fakeSource } from './seed/fake-data';
import {
  BATCH,
  insertApplications,
  insertBlankAccounts,
  insertCheckinRecords,
  insertUsers,
  refreshStatistics,
  writeSessionTokens,
  type SeededAccount,
} from './seed/inserts';
import { writeResumes } from './seed/resumes';

async function main(): Promise<void> {
  const options = parseSeedArgs();
  if (!options) return;
  const { count, resumeCount, mentorShare, resumeKb, checkinCount, blankCount, sessionCount, tokensOut } =
    options;

  const config = loadConfig();
  const runtime = await openRuntime(config, quietLog, { shareRunningServer: true });
  const db = runtime.database.db;
  const storage = createStorageFromConfig(config);
  const fake = fakeSource(options.seed);
  const password = `Seeded-${crypto.randomBytes(6).toString('base64url')}`;
  const passwordHash = await hashPassword(password);
  const run = crypto.randomBytes(3).toString('hex');
  const started = Date.now();
  const eventStart = new Date(`${config.event.startDate}T00:00:00Z`);

  const signedIn: SeededAccount[] = [];
  try {
    for (let offset = 0; offset < count; offset += BATCH) {
      const size = Math.min(BATCH, count - offset);
      const people = Array.from({ length: size }, (_, k) => fakePerson(fake, offset + k, run, mentorShare));
      const insertedUsers = await insertUsers(db, people, passwordHash);

      for (const [k, p] of people.entries()) {
        if (p.i < sessionCount) signedIn.push({ email: p.email, userId: insertedUsers[k]!.id });
      }

      const uploadIds = await writeResumes(db, storage, fake.rand, people, insertedUsers, {
        resumeKb,
        resumeCount,
      });
      await insertApplications(
        db,
        people.map((p, k) =>
          fakeApplication(fake, p, insertedUsers[k]!.id, uploadIds.get(k) ?? null, eventStart),
        ),
      );
      process.stdout.write(`\r  ${Math.min(offset + size, count)} / ${count} applications`);
    }

    const blank = await insertBlankAccounts(db, run, blankCount, passwordHash);
    if (checkinCount > 0) await insertCheckinRecords(db, run, checkinCount);
    if (tokensOut) await writeSessionTokens(db, config.sessionSecret, signedIn, blank, tokensOut);
    await refreshStatistics(db);

    console.log(
      `\nSeeded ${count} applicants (${resumeCount} with resumes) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    if (blankCount) console.log(`Made ${blankCount} accounts that have not applied yet.`);
    if (checkinCount) console.log(`Made ${checkinCount} check-in records.`);
    if (tokensOut) console.log(`Wrote ${signedIn.length + blank.length} session tokens to ${tokensOut}.`);
    console.log(`Every seeded account (…@seed.example.org) signs in with the password: ${password}`);
  } finally {
    await runtime.close();
  }
}

main().catch((err: unknown) => {
  const message =
    err instanceof ConfigError || err instanceof DataDirInUseError
      ? err.message
      : String((err as Error)?.stack ?? err);
  console.error(`Seeding failed: ${message}`);
  process.exit(1);
});
