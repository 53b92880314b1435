import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import type { HackerAnswers, MentorAnswers } from '@lanyard/shared/application';
import { MENTOR_PRESETS } from '@lanyard/shared/application';
import { ConfigError, loadConfig } from '../config';
import { applications, uploads, users } from '../db/schema/index';
import { DataDirInUseError } from '../db/embedded';
import { createStorageFromConfig } from '../lib/storage-factory';
import { hashPassword } from '../modules/auth/passwords';
import { openRuntime } from '../runtime';

const USAGE = `Usage: npm run seed -- [--applications N] [--resumes N] [--mentors PERCENT] [--seed TEXT]

Fills the database with realistic fake applicants so organisers can try the portal (and the
benchmarks have data): N users with submitted applications (default 200), a mix of statuses,
schools and majors, and small PDF resumes for the first --resumes of them (default: all, at most
1,000). Every seeded account's password is printed at the end. Works while the server runs.`;

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

function tinyPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const body = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n` +
      `4 0 obj<</Length ${body.length}>>stream\n${body}\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      applications: { type: 'string', default: '200' },
      resumes: { type: 'string' },
      mentors: { type: 'string', default: '15' },
      seed: { type: 'string', default: 'lanyard' },
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
  if (
    !Number.isInteger(count) ||
    count < 1 ||
    count > 1_000_000 ||
    !Number.isInteger(resumeCount) ||
    resumeCount < 0
  ) {
    console.error(USAGE);
    process.exit(2);
  }

  const config = loadConfig();
  const runtime = await openRuntime(
    config,
    { info: () => {}, debug: () => {} },
    { shareRunningServer: true },
  );
  const db = runtime.database.db;
  const storage = createStorageFromConfig(config);
  const rand = prng(values.seed!);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const password = `Seeded-${crypto.randomBytes(6).toString('base64url')}`;
  const passwordHash = await hashPassword(password);
  const run = crypto.randomBytes(3).toString('hex');
  const started = Date.now();
  const eventStart = new Date(`${config.event.startDate}T00:00:00Z`);

  try {
    for (let offset = 0; offset < count; offset += 500) {
      const size = Math.min(500, count - offset);
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

      const rows = [];
      for (const [k, p] of people.entries()) {
        const userId = insertedUsers[k]!.id;
        let resumeUploadId: string | null = null;
        if (p.i < resumeCount) {
          const bytes = tinyPdf(`${p.first} ${p.last} - Resume`);
          const temp = await storage.writeTemp(Readable.from([bytes]));
          const id = crypto.randomUUID();
          const key = `resumes/seed/${id}.pdf`;
          await storage.commit(temp, key);
          await db.insert(uploads).values({
            id,
            ownerId: userId,
            storageKey: key,
            originalName: `${p.first}_${p.last}_resume.pdf`,
            contentType: 'application/pdf',
            sizeBytes: temp.size,
            sha256: temp.sha256,
          });
          resumeUploadId = id;
        }
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
    console.log(
      `\nSeeded ${count} applicants (${resumeCount} with resumes) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
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
