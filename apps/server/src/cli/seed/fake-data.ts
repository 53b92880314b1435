import crypto from 'node:crypto';
import type { HackerAnswers, MentorAnswers } from '@lanyard/shared/application';
import { MENTOR_PRESETS } from '@lanyard/shared/application';
import type { applications } from '../../db/schema/index';
import { columnsOf } from '../../modules/applications/columns';
import { CITIES, FIRST, HEARD, LAST, MAJORS, SCHOOLS, SHIRTS, STATUSES } from './vocabulary';

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
 * The one random source of a run. Every draw comes from it in a fixed order (people, then resume
 * sizes, then applications, batch by batch), which is what makes a --seed reproducible.
 */
export interface Fake {
  rand: () => number;
  pick: <T>(list: readonly T[]) => T;
}

export function fakeSource(seed: string): Fake {
  const rand = prng(seed);
  return { rand, pick: <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]! };
}

export interface FakePerson {
  i: number;
  first: string;
  last: string;
  role: 'hacker' | 'mentor';
  email: string;
}

/** Person `i` of the run `run`: the run's tag keeps repeated seeds from colliding on e-mail. */
export function fakePerson({ rand, pick }: Fake, i: number, run: string, mentorShare: number): FakePerson {
  const first = pick(FIRST);
  const last = pick(LAST);
  const role = rand() < mentorShare ? ('mentor' as const) : ('hacker' as const);
  const email = `${first}.${last}.${run}.${i}@seed.example.org`
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\w.@-]/g, '');
  return { i, first, last, role, email };
}

/** A submitted application of `p`, its columns filled from its answers as a submission's are. */
export function fakeApplication(
  { rand, pick }: Fake,
  p: FakePerson,
  userId: string,
  resumeUploadId: string | null,
  eventStart: Date,
): typeof applications.$inferInsert {
  const school = pick(SCHOOLS);
  const isHighSchool = school.includes('High School');
  const birthYear = isHighSchool ? 2008 + Math.floor(rand() * 2) : 1998 + Math.floor(rand() * 9);
  const birthMonth = 1 + Math.floor(rand() * 12);
  const birthDay = 1 + Math.floor(rand() * 28);
  const submittedAt = new Date(eventStart.getTime() - (20 + rand() * 60) * 24 * 3600_000);
  // Most people finish the form within the hour, some come back to it days later.
  const startedAt = new Date(
    submittedAt.getTime() - (rand() < 0.7 ? 10 + rand() * 50 : 60 + rand() * 5 * 24 * 60) * 60_000,
  );
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
          dietaryRestrictions: rand() < 0.2 ? pick(['Vegetarian', 'Vegan', 'Halal', 'Gluten-free']) : '',
          backgroundQuestion: 'I have built web apps with friends and love learning new tools at hackathons.',
          householdObjectQuestion: 'A lamp: I help people see a problem clearly.',
          whyAttendQuestion: 'To meet people, learn something new and ship a project in a weekend.',
          // The link is optional: about a quarter of applicants leave it out.
          portfolio: rand() < 0.75 ? `https://github.com/${p.first.toLowerCase()}${p.i}` : '',
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
  return {
    userId,
    role: p.role,
    status,
    email: p.email,
    // The one mapping submit uses: the columns are whatever a real submission would store.
    ...columnsOf(p.role, answers),
    answers,
    // As submit stores it: the form's sponsor consent is the answer and its time (no history row:
    // seeded people never clicked anything).
    sponsorConsent: (answers as { recruitmentEmails?: unknown }).recruitmentEmails === true,
    sponsorConsentAt: submittedAt,
    resumeUploadId,
    startedAt,
    submittedAt,
    updatedAt: submittedAt,
    decidedAt: status === 'pending' ? null : new Date(),
  };
}
