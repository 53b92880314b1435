/** Fixtures for the applicant journey: file bytes, valid answers, and shortcuts to a ready applicant. */
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { UploadedFile } from '@lanyard/shared/application';
import { createSession } from '../src/modules/auth/sessions';
import { buildUser } from './factories';
import { bearer, type TestContext } from './helper';
import { multipart } from './multipart';

export { hackerAnswers, mentorAnswers } from './answers';

export const MB = 1024 * 1024;

/** A PDF by its magic bytes, padded to `size` bytes when asked. */
export function pdfBytes(size = 64): Buffer {
  const head = Buffer.from('%PDF-1.4\n% lanyard test resume\n');
  const tail = Buffer.from('\n%%EOF\n');
  const fill = Math.max(0, size - head.length - tail.length);
  return Buffer.concat([head, Buffer.alloc(fill, 0x20), tail]).subarray(0, Math.max(size, 0));
}

/** A legacy Word file: the OLE compound-document header and some padding. */
export function docBytes(): Buffer {
  return Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
}

/** The two parts every Word document has. */
export const DOCX_PARTS: readonly [string, string][] = [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  ],
  [
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
  ],
];

/**
 * A well-formed zip (STORE method) of `entries`; `listed` picks which entries the central directory
 * names (all by default), `comment` is the archive comment. Hostile variants start from here.
 */
export function zipBytes(
  entries: readonly (readonly [string, string])[],
  opts: { listed?: (name: string) => boolean; comment?: string } = {},
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  let listedCount = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0, 8); // STORE
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    locals.push(local, fileName, data);
    if (opts.listed?.(name) ?? true) {
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt32LE(crc, 16);
      central.writeUInt32LE(data.length, 20);
      central.writeUInt32LE(data.length, 24);
      central.writeUInt16LE(fileName.length, 28);
      central.writeUInt32LE(offset, 42);
      centrals.push(central, fileName);
      listedCount++;
    }
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const comment = Buffer.from(opts.comment ?? '');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listedCount, 8);
  end.writeUInt16LE(listedCount, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(comment.length, 20);
  return Buffer.concat([...locals, directory, end, comment]);
}

/** A minimal but well-formed DOCX: a zip holding [Content_Types].xml and word/document.xml. */
export function docxBytes(): Buffer {
  return zipBytes(DOCX_PARTS);
}

/** A docx with one field of its end-of-central-directory record (offset from the record) overwritten. */
export function docxWithEndField(fieldOffset: 8 | 10 | 12 | 16, value: number): Buffer {
  const bytes = docxBytes();
  const at = bytes.length - 22 + fieldOffset;
  if (fieldOffset >= 12) bytes.writeUInt32LE(value, at);
  else bytes.writeUInt16LE(value, at);
  return bytes;
}

/** A Windows executable ("MZ" header): what a renamed .exe looks like inside. */
export function exeBytes(): Buffer {
  return Buffer.concat([Buffer.from('MZ'), Buffer.alloc(254, 0x90)]);
}

export function uploadFile(
  app: FastifyInstance,
  token: string,
  file: { name?: string; type?: string; bytes?: Buffer } = {},
  url = '/api/upload/resume',
) {
  const body = multipart({
    name: 'file',
    filename: file.name ?? 'resume.pdf',
    contentType: file.type ?? 'application/pdf',
    content: file.bytes ?? pdfBytes(),
  });
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(bearer(token) as Record<string, string>) },
  });
}

/** Uploads a resume and returns what the server answered; throws unless it was stored. */
export async function uploadResume(
  app: FastifyInstance,
  token: string,
  file: { name?: string; type?: string; bytes?: Buffer } = {},
): Promise<UploadedFile> {
  const res = await uploadFile(app, token, file);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json() as UploadedFile;
}

export interface TestUser {
  token: string;
  email: string;
  id: string;
}

/**
 * A signed-in applicant made straight in the database: no Argon2 hash and no register rate limit,
 * so files that need dozens of users stay fast. Registration itself is tested in auth.test.ts.
 * The user cannot sign in with a password (the hash is not one). Their address is verified, as it
 * must be to submit, unless `verified: false`.
 */
export async function quickUser(
  ctx: TestContext,
  role: 'hacker' | 'mentor' = 'hacker',
  opts: { verified?: boolean } = {},
): Promise<TestUser> {
  const user = await buildUser(ctx.database.db, {
    role,
    ...(opts.verified === false ? { emailVerifiedAt: null } : {}),
  });
  const token = await createSession(ctx.database.db, ctx.config.sessionSecret, user.id, {});
  return { token, email: user.email, id: user.id };
}

export interface Applicant extends TestUser {
  resume: UploadedFile;
}

/** A new applicant with one uploaded PDF resume. */
export async function applicantWithResume(
  ctx: TestContext,
  role: 'hacker' | 'mentor' = 'hacker',
  opts: { verified?: boolean } = {},
): Promise<Applicant> {
  const user = await quickUser(ctx, role, opts);
  const resume = await uploadResume(ctx.app, user.token);
  return { ...user, resume };
}

export function submit(
  app: FastifyInstance,
  token: string,
  role: 'hacker' | 'mentor',
  payload: Record<string, unknown>,
) {
  return app.inject({ method: 'POST', url: `/api/applications/${role}`, payload, headers: bearer(token) });
}

export interface WindowPatch {
  application_deadline?: Date | null;
  allow_late_applications?: boolean;
  require_access_code?: boolean;
  force_application_open?: boolean;
  hacker_decisions_released?: boolean;
  mentor_decisions_released?: boolean;
  rsvp_open?: boolean;
  rsvp_deadline?: Date | null;
}

/** Sets the settings row directly (no admin, no audit), from a known baseline: open, no deadline. */
export async function setSettings(ctx: TestContext, patch: WindowPatch = {}): Promise<void> {
  const s = {
    application_deadline: null,
    allow_late_applications: false,
    require_access_code: false,
    force_application_open: false,
    hacker_decisions_released: false,
    mentor_decisions_released: false,
    rsvp_open: true,
    rsvp_deadline: null,
    ...patch,
  };
  await ctx.database.pool.query(
    `update settings set application_deadline = $1, allow_late_applications = $2, require_access_code = $3,
       force_application_open = $4, hacker_decisions_released = $5, mentor_decisions_released = $6,
       rsvp_open = $7, rsvp_deadline = $8
     where id = 1`,
    [
      s.application_deadline,
      s.allow_late_applications,
      s.require_access_code,
      s.force_application_open,
      s.hacker_decisions_released,
      s.mentor_decisions_released,
      s.rsvp_open,
      s.rsvp_deadline,
    ],
  );
}

/** Adds special access codes directly (stored upper case, as the admin routes do). */
export async function addAccessCodes(ctx: TestContext, ...codes: string[]): Promise<void> {
  for (const code of codes) {
    await ctx.database.pool.query('insert into access_codes (code) values ($1) on conflict do nothing', [
      code.toUpperCase(),
    ]);
  }
}

export async function applicationRows(
  ctx: TestContext,
  userId: string,
): Promise<
  { id: string; status: string; access_code_used: string | null; resume_upload_id: string | null }[]
> {
  const { rows } = await ctx.database.pool.query(
    'select id, status, access_code_used, resume_upload_id from applications where user_id = $1',
    [userId],
  );
  return rows;
}
