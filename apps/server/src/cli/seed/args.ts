import { parseArgs } from 'node:util';

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

export interface SeedOptions {
  count: number;
  resumeCount: number;
  mentorShare: number;
  resumeKb: number;
  checkinCount: number;
  blankCount: number;
  sessionCount: number;
  tokensOut: string | undefined;
  seed: string;
}

/** The command's options; null once --help has printed the usage. A bad value exits with code 2. */
export function parseSeedArgs(): SeedOptions | null {
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
    return null;
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
  return {
    count,
    resumeCount,
    mentorShare,
    resumeKb,
    checkinCount,
    blankCount,
    sessionCount,
    tokensOut,
    seed: values.seed!,
  };
}
