import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import type { HackerAnswers, MentorAnswers } from '@lanyard/shared/application';
import { MENTOR_PRESETS } from '@lanyard/shared/application';
import { ConfigError, loadConfig } from '../config';
import { sql } from 'drizzle-orm';
import { applications, sessions, uploads, users } from '../db/schema/index';
import { DataDirInUseError } from '../db/embedded';
import { createStorageFromConfig } from '../lib/storage-factory';
import { hashPassword } from '../modules/auth/passwords';
import { SESSION_ABSOLUTE_MS } from '../modules/auth/sessions';
import { hashToken, randomToken } from '../lib/tokens';
import { openRuntime, quietLog } from '../runtime';

const USAGE = `Usage: npm run seed -- [--applications N] [--resumes N] [--mentors PERCENT] [--seed TEXT]
                        [--resume-kb KB] [--checkin N] [--blank N] [--sessions N --tokens-out FILE]

Fills the database with realistic fake applicants so organisers can try the portal (and the
benchmarks have data): N users with submitted applications (default 200), a mix of statuses,
schools and majors, and small PDF resumes for the first --resumes of them (default: all, at most
1,000). Every seeded account's password is printed at the end. Works while the server runs.

  --resume-kb KB     make each resume about KB kilobytes (default: a few hundred bytes)
  --checkin N        also make N check-in records from the seeded applications (at most N applications)
  --blank N          also make N verified hacker accounts that have not applied yet
  --sessions N       sign in the first N seeded applicants and every --blank account, writing their
                     session tokens to --tokens-out FILE (JSON, readable by you only): for load tests`;

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Katherine',
  'Linus',
  'Margaret',
  'Dennis',
  'Barbara',
  'Guido',
  'Radia',
  'Tim',
  'Frances',
  'Ken',
  'Hedy',
  'Donald',
  'Shafi',
  'Yukihiro',
  'Fei-Fei',
  'Sophie',
  'Zoë',
  'Mateo',
  'Aisha',
  'Chen',
  'Priya',
  'Kwame',
  'Olga',
  'Diego',
  'Noor',
  'Hiro',
  'Amara',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Johnson',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'van Rossum',
  'Perlman',
  'Berners-Lee',
  'Allen',
  'Thompson',
  'Lamarr',
  'Knuth',
  'Goldwasser',
  'Matsumoto',
  'Li',
  'Wilson',
  'García',
  'Okafor',
  'Nguyen',
  'Patel',
  'Mensah',
  'Ivanova',
  'Fernández',
  'Haddad',
  'Tanaka',
  'Kowalski',
  'Adeyemi',
];
const SCHOOLS = [
  'Massachusetts Institute of Technology',
  'Stanford University',
  'University of California, Berkeley',
  'Carnegie Mellon University',
  'Georgia Institute of Technology',
  'University of Michigan',
  'Rutgers University',
  'Princeton University',
  'Cornell University',
  'University of Waterloo',
  'New York University',
  'Columbia University',
  'Riverside High School',
  'Purdue University',
  'University of Texas at Austin',
];
const MAJORS = [
  'Computer Science',
  'Electrical Engineering',
  'Mathematics',
  'Data Science',
  'Mechanical Engineering',
  'Physics',
  'Design',
  'Economics',
  'Biology',
  'Information Science',
];
const CITIES = [
  'Boston, MA, United States',
  'New York City, NY, United States',
  'Philadelphia, PA, United States',
  'Toronto, Canada',
  'Chicago, IL, United States',
  'Austin, TX, United States',
  'San Francisco, CA, United States',
  'Newark, NJ, United States',
];
const SHIRTS = ['xs', 's', 'm', 'l', 'xl', 'xxl'] as const;
const HEARD = [
  'A friend',
  'Instagram',
  'Our university club',
  'Major League Hacking',
  'A professor',
  'Last year',
];
const STATUSES = ['pending', 'pending', 'pending', 'accepted', 'accepted', 'rejected', 'waitlisted'] as const;

/** A seeded PRNG (mulberry32), so the same --seed gives the same data. */
function prng(seed: string) {
  let a = crypto.createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A one-page PDF. With `padBytes`, an unreferenced binary stream (random, so incompressible like
 * the embedded fonts and images of a real resume) brings it to a realistic size.
 */
function tinyPdf(title: string, padBytes = 0): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const body = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const head = Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n` +
      `4 0 obj<</Length ${body.length}>>stream\n${body}\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\n`,
  );
  const tail = Buffer.from('trailer<</Root 1 0 R>>\n%%EOF\n');
  if (padBytes <= 0) return Buffer.concat([head, tail]);
  return Buffer.concat([
    head,
    Buffer.from(`6 0 obj<</Length ${padBytes}>>stream\n`),
    crypto.randomBytes(padBytes),
    Buffer.from('\nendstream endobj\n'),
    tail,
  ]);
}

/** Runs `work` over `items` with at most `limit` at a time (file writes fsync, so a few overlap well). */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      applications: { type: 'string', default: '200' },
      resumes: { type: 'string' },
      mentors: { type: 'string', default: '15' },
      seed: { type: 'string', default: 'lanyard' },
      'resume-kb': { type: 'string', default: '0' },
      checkin: { type: 'string', default: '0' },
      blank: { type: 'string', default: '0' },
      sessions: { type: 'string', default: '0' },
      'tokens-out': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const count = Number(values.applications);
  const resumeCount = values.resumes === undefined ? Math.min(count, 1000) : Number(values.resumes);
  const mentorShare = Number(values.mentors) / 100;
  const resumeKb = Number(values['resume-kb']);
  const checkinCount = Number(values.checkin);
  const blankCount = Number(values.blank);
  const sessionCount = Number(values.sessions);
  const tokensOut = values['tokens-out'];
  const wholeUpTo = (n: number, max: number) => Number.isInteger(n) && n >= 0 && n <= max;
  if (
    !Number.isInteger(count) ||
    count < 1 ||
    count > 1_000_000 ||
    !Number.isInteger(resumeCount) ||
    resumeCount < 0 ||
    !wholeUpTo(resumeKb, 10_000) ||
    !wholeUpTo(checkinCount, count) ||
    !wholeUpTo(blankCount, 1_000_000) ||
    !wholeUpTo(sessionCount, count) ||
    (sessionCount > 0 && !tokensOut)
  ) {
    console.error(USAGE);
    process.exit(2);
  }

  const config = loadConfig();
  const runtime = await openRuntime(config, quietLog, { shareRunningServer: true });
  const db = runtime.database.db;
  const storage = createStorageFromConfig(config);
  const rand = prng(values.seed!);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const password = `Seeded-${crypto.randomBytes(6).toString('base64url')}`;
  const passwordHash = await hashPassword(password);
  const run = crypto.randomBytes(3).toString('hex');
  const started = Date.now();
  const eventStart = new Date(`${config.event.startDate}T00:00:00Z`);

  const BATCH = 1000;
  const signedIn: { email: string; userId: string }[] = [];
  try {
    for (let offset = 0; offset < count; offset += BATCH) {
      const size = Math.min(BATCH, count - offset);
      const people = Array.from({ length: size }, (_, k) => {
        const i = offset + k;
        const first = pick(FIRST);
        const last = pick(LAST);
        const role = rand() < mentorShare ? ('mentor' as const) : ('hacker' as const);
        const email = `${first}.${last}.${run}.${i}@seed.example.org`
          .toLowerCase()
          .normalize('NFKD')
          .replace(/[^\w.@-]/g, '');
        return { i, first, last, role, email };
      });
      const insertedUsers = await db
        .insert(users)
        .values(
          people.map((p) => ({ email: p.email, passwordHash, role: p.role, emailVerifiedAt: new Date() })),
        )
        .returning({ id: users.id });

      for (const [k, p] of people.entries()) {
        if (p.i < sessionCount) signedIn.push({ email: p.email, userId: insertedUsers[k]!.id });
      }

      // Resume sizes vary from half to one and a half times --resume-kb, drawn in order for --seed.
      const withResume = people
        .map((p, k) => ({ p, k, pad: resumeKb ? Math.round(resumeKb * 1024 * (0.5 + rand())) : 0 }))
        .filter(({ p }) => p.i < resumeCount);
      const uploadIds = new Map<number, string>();
      const uploadRows: (typeof uploads.$inferInsert)[] = [];
      await inParallel(withResume, 8, async ({ p, k, pad }) => {
        const temp = await storage.writeTemp(Readable.from([tinyPdf(`${p.first} ${p.last} - Resume`, pad)]));
        const id = crypto.randomUUID();
        const key = `resumes/seed/${id}.pdf`;
        await storage.commit(temp, key);
        uploadIds.set(k, id);
        uploadRows.push({
          id,
          ownerId: insertedUsers[k]!.id,
          storageKey: key,
          originalName: `${p.first}_${p.last}_resume.pdf`,
          contentType: 'application/pdf',
          sizeBytes: temp.size,
          sha256: temp.sha256,
        });
      });
      if (uploadRows.length) await db.insert(uploads).values(uploadRows);

      const rows = [];
      for (const [k, p] of people.entries()) {
        const userId = insertedUsers[k]!.id;
        const resumeUploadId = uploadIds.get(k) ?? null;
        const school = pick(SCHOOLS);
        const isHighSchool = school.includes('High School');
        const birthYear = isHighSchool ? 2008 + Math.floor(rand() * 2) : 1998 + Math.floor(rand() * 9);
        const birthMonth = 1 + Math.floor(rand() * 12);
        const birthDay = 1 + Math.floor(rand() * 28);
        const submittedAt = new Date(eventStart.getTime() - (20 + rand() * 60) * 24 * 3600_000);
        const status = pick(STATUSES);
        const common = {
          firstName: p.first,
          lastName: p.last,
          phone: `+1 555 ${String(1000000 + p.i).slice(-7)}`,
        };
        const answers: HackerAnswers | MentorAnswers =
          p.role === 'hacker'
            ? {
                ...common,
                major: pick(MAJORS),
                university: school,
                isHighSchool,
                highSchoolYear: isHighSchool ? pick(['junior', 'senior'] as const) : undefined,
                graduationYear: String(2026 + Math.floor(rand() * 4)),
                birthDay,
                birthMonth,
                birthYear,
                travelFrom: pick(CITIES),
                gender: pick(['male', 'female', 'prefer-not-to-say'] as const),
                genderOther: '',
                race: pick(['asian', 'black', 'hispanic', 'white', 'race-prefer-not-to-say'] as const),
                raceOther: '',
                shirtSize: pick(SHIRTS),
                needsVisa: rand() < 0.1,
                needsAccommodation: rand() < 0.2,
                howDidYouHear: pick(HEARD),
                dietaryRestrictions:
                  rand() < 0.2 ? pick(['Vegetarian', 'Vegan', 'Halal', 'Gluten-free']) : '',
                backgroundQuestion:
                  'I have built web apps with friends and love learning new tools at hackathons.',
                householdObjectQuestion: 'A lamp: I help people see a problem clearly.',
                whyAttendQuestion: 'To meet people, learn something new and ship a project in a weekend.',
                portfolio: `https://github.com/${p.first.toLowerCase()}${p.i}`,
                recruitmentEmails: rand() < 0.5,
                termsAccepted: true,
                mlhTermsAccepted: true,
                guardianName: isHighSchool ? 'A. Guardian' : '',
                socialMediaConnection: 'yes',
                referralName: '',
              }
            : {
                ...common,
                title: pick([
                  'Software Engineer',
                  'Staff Engineer',
                  'Product Designer',
                  'Data Scientist',
                  'Professor',
                ]),
                affiliation: pick(['Acme Corp', 'Initech', 'Globex', 'Riverside University', 'Hooli']),
                workEmail: '',
                mentorAvailability: pick(['yes', 'likely'] as const),
                judgeAvailability: pick(['yes', 'no', 'likely'] as const),
                workshopInterest: pick(['yes', 'no'] as const),
                onsiteAvailability: pick(['onsite', 'virtual', 'hybrid'] as const),
                expertiseAreas: [pick(MENTOR_PRESETS.expertiseAreas), pick(MENTOR_PRESETS.expertiseAreas)],
                programmingLanguages: [pick(MENTOR_PRESETS.programmingLanguages)],
                buildTools: [pick(MENTOR_PRESETS.buildTools)],
                frameworks: [pick(MENTOR_PRESETS.frameworks)],
                databases: [pick(MENTOR_PRESETS.databases)],
                whyGoodFit: 'I have mentored at hackathons for years and enjoy unblocking teams.',
                additionalInfo: '',
                howDidYouHear: pick(HEARD),
                termsAccepted: true,
                mlhTermsAccepted: true,
              };
        const hacker = p.role === 'hacker' ? (answers as HackerAnswers) : undefined;
        rows.push({
          userId,
          role: p.role,
          status,
          firstName: p.first,
          lastName: p.last,
          email: p.email,
          phone: common.phone,
          school: hacker?.university ?? (answers as MentorAnswers).affiliation,
          major: hacker?.major ?? (answers as MentorAnswers).title,
          isHighSchool: hacker?.isHighSchool ?? false,
          birthYear: hacker?.birthYear ?? null,
          birthMonth: hacker?.birthMonth ?? null,
          birthDay: hacker?.birthDay ?? null,
          shirtSize: hacker?.shirtSize ?? null,
          answers,
          resumeUploadId,
          portfolioUrl: hacker?.portfolio ?? null,
          submittedAt,
          updatedAt: submittedAt,
          decidedAt: status === 'pending' ? null : new Date(),
        });
      }
      await db.insert(applications).values(rows);
      process.stdout.write(`\r  ${Math.min(offset + size, count)} / ${count} applications`);
    }

    const blank: { email: string; userId: string }[] = [];
    for (let offset = 0; offset < blankCount; offset += BATCH) {
      const emails = Array.from(
        { length: Math.min(BATCH, blankCount - offset) },
        (_, k) => `applicant.${run}.${offset + k}@seed.example.org`,
      );
      const inserted = await db
        .insert(users)
        .values(
          emails.map((email) => ({
            email,
            passwordHash,
            role: 'hacker' as const,
            emailVerifiedAt: new Date(),
          })),
        )
        .returning({ id: users.id, email: users.email });
      blank.push(...inserted.map((u) => ({ email: u.email, userId: u.id })));
    }

    if (checkinCount > 0) {
      // The door list is made from applications (accepted first), as organisers do before the event;
      // about a third of the people are already checked in.
      await db.execute(sql`
        insert into checkin_records (application_id, first_name, last_name, email, phone, school_name, role,
          major, birth_year, birth_month, birth_day, is_high_school, gender, race, shirt_size, travel_from,
          checked_in, checked_in_at, checked_in_by_email)
        select id, first_name, last_name, email, phone, school, role::text::checkin_role, major, birth_year,
          birth_month, birth_day, is_high_school, answers->>'gender', answers->>'race', shirt_size,
          answers->>'travelFrom', abs(hashtext(id::text)) % 3 = 0,
          case when abs(hashtext(id::text)) % 3 = 0 then now() - interval '2 hours' end,
          case when abs(hashtext(id::text)) % 3 = 0 then 'door@seed.example.org' end
        from applications
        where email like ${`%.${run}.%@seed.example.org`}
        order by (status = 'accepted') desc, submitted_at, id
        limit ${checkinCount}`);
    }

    if (tokensOut) {
      // Straight into the sessions table: signing in thousands of accounts through the API would
      // spend minutes on password hashing, which is not what a load test measures.
      const tokens = {
        applicants: [] as { email: string; token: string }[],
        blank: [] as { email: string; token: string }[],
      };
      const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
      for (const [list, out] of [
        [signedIn, tokens.applicants],
        [blank, tokens.blank],
      ] as const) {
        for (let offset = 0; offset < list.length; offset += BATCH) {
          const part = list.slice(offset, offset + BATCH).map((u) => ({ ...u, token: randomToken() }));
          await db.insert(sessions).values(
            part.map((u) => ({
              userId: u.userId,
              tokenHash: hashToken(config.sessionSecret, u.token),
              expiresAt,
              userAgent: 'lanyard-seed',
            })),
          );
          out.push(...part.map((u) => ({ email: u.email, token: u.token })));
        }
      }
      fs.writeFileSync(tokensOut, JSON.stringify(tokens), { mode: 0o600 });
    }
    // Fresh statistics after a bulk load, as autovacuum would do a minute later: until then the
    // planner guesses a handful of rows and filters 50,000 applications by hand (EXPLAIN showed
    // 160 ms instead of 7 ms for a search with three filters).
    await db.execute(sql`analyze`);

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
