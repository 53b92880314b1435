import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  applicantWithResume,
  docBytes,
  docxBytes,
  docxWithEndField,
  DOCX_PARTS,
  zipBytes,
  exeBytes,
  hackerAnswers,
  MB,
  pdfBytes,
  quickUser,
  setSettings,
  submit,
  uploadFile,
  uploadResume,
} from '../../../test/applicant';
import { bearer, createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { multipart } from '../../../test/multipart';
import { sweepOrphans } from './service';

let ctx: TestContext;
let uploadsDir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  uploadsDir = path.join(ctx.config.dataDir, 'uploads');
  await setSettings(ctx);
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const newHacker = () => quickUser(ctx, 'hacker');
const newMentor = () => quickUser(ctx, 'mentor');

/** Every file under DATA_DIR/uploads, the temp directory included, relative to it. */
function filesOnDisk(): string[] {
  return (fs.readdirSync(uploadsDir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(uploadsDir, path.join(e.parentPath, e.name)))
    .sort();
}

interface UploadRow {
  id: string;
  owner_id: string;
  storage_key: string;
  original_name: string;
  content_type: string;
  size_bytes: string;
  sha256: string;
}

async function uploadRow(id: string): Promise<UploadRow | undefined> {
  const { rows } = await ctx.database.pool.query<UploadRow>('select * from uploads where id = $1', [id]);
  return rows[0];
}

async function uploadCount(ownerId: string): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ n: number }>(
    'select count(*)::int as n from uploads where owner_id = $1',
    [ownerId],
  );
  return rows[0]!.n;
}

function sha256(b: Buffer): string {
  return crypto.createHash('sha256').update(b).digest('hex');
}

describe('POST /api/upload/resume', () => {
  it('stores a PDF under a server-made key and answers its description', async () => {
    const user = await newHacker();
    const bytes = pdfBytes(2048);
    const res = await uploadFile(ctx.app, user.token, { name: 'My Resume.pdf', bytes });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      file_url: `/api/upload/file/${body.name}`,
      name: expect.stringMatching(UUID),
      original_name: 'My Resume.pdf',
      size: 2048,
      content_type: 'application/pdf',
    });
    const row = (await uploadRow(body.name))!;
    expect(row.owner_id).toBe(user.id);
    expect(row.storage_key).toMatch(new RegExp(`^resumes/\\d{4}/${body.name}\\.pdf$`));
    expect(row.sha256).toBe(sha256(bytes));
    expect(fs.readFileSync(path.join(uploadsDir, row.storage_key)).equals(bytes)).toBe(true);
  });

  it('takes DOC and DOCX by their content', async () => {
    const user = await newHacker();
    const doc = await uploadResume(ctx.app, user.token, {
      name: 'cv.doc',
      type: 'application/msword',
      bytes: docBytes(),
    });
    expect(doc).toMatchObject({ content_type: 'application/msword', original_name: 'cv.doc', size: 512 });
    const docx = await uploadResume(ctx.app, user.token, {
      name: 'cv.docx',
      type: DOCX_MIME,
      bytes: docxBytes(),
    });
    expect(docx).toMatchObject({ content_type: DOCX_MIME, original_name: 'cv.docx' });
    expect((await uploadRow(docx.name))!.storage_key).toMatch(/\.docx$/);
  });

  it.each([
    [
      'a zip holding only index.html, with word/document.xml written in its comment',
      zipBytes([['index.html', '<html><script>alert(1)</script></html>']], {
        comment: 'word/document.xml [Content_Types].xml',
      }),
    ],
    [
      'a zip whose Word parts are in local headers but not in its central directory',
      zipBytes([...DOCX_PARTS, ['index.html', '<html></html>']], { listed: (name) => name === 'index.html' }),
    ],
    [
      'a zip whose Word parts are stored files inside another entry',
      zipBytes([['payload.bin', docxBytes().toString('latin1')]]),
    ],
    ['a zip with word/document.xml but no [Content_Types].xml', zipBytes([DOCX_PARTS[1]!])],
    [
      'a zip with names that only resemble the parts',
      zipBytes([
        ['word/document.xml.bak', 'x'],
        ['[content_types].xml', 'x'],
      ]),
    ],
    ['a DOCX with its directory cut short', docxWithEndField(12, 46 + 19 + 10)],
    ['a DOCX whose directory claims one entry more', docxWithEndField(10, 3)],
    ['a DOCX whose directory offset points outside the file', docxWithEndField(16, 0x7fffffff)],
    ['a DOCX with a ZIP64 marker it does not explain', docxWithEndField(10, 0xffff)],
    ['a DOCX cut before its end record', docxBytes().subarray(0, docxBytes().length - 5)],
  ])('refuses %s with 415 (DOCX is decided by the central directory)', async (_label, bytes) => {
    const user = await newHacker();
    const res = await uploadFile(ctx.app, user.token, { name: 'cv.docx', type: DOCX_MIME, bytes });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
    expect(await uploadCount(user.id)).toBe(0);
  });

  it('takes a DOCX whose archive comment follows its end record', async () => {
    const user = await newHacker();
    const res = await uploadResume(ctx.app, user.token, {
      name: 'cv.docx',
      type: DOCX_MIME,
      bytes: zipBytes(DOCX_PARTS, { comment: 'made by a word processor' }),
    });
    expect(res).toMatchObject({ content_type: DOCX_MIME });
  });

  it('decides the type from the bytes, not the name or the claimed type', async () => {
    const user = await newHacker();
    const res = await uploadResume(ctx.app, user.token, {
      name: 'cv.docx',
      type: 'application/octet-stream',
      bytes: pdfBytes(),
    });
    expect(res).toMatchObject({ content_type: 'application/pdf', original_name: 'cv.pdf' });
  });

  it.each([
    ['a renamed .exe', 'resume.pdf', 'application/pdf', exeBytes()],
    [
      'a zip that is not a Word file',
      'resume.docx',
      DOCX_MIME,
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]),
    ],
    [
      'a PNG (portfolio only)',
      'resume.pdf',
      'application/pdf',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]),
    ],
    ['an HTML page', 'resume.pdf', 'application/pdf', Buffer.from('<html><script>alert(1)</script></html>')],
  ])('refuses %s with 415, keeping nothing', async (_label, name, type, bytes) => {
    const user = await newHacker();
    const before = filesOnDisk();
    const res = await uploadFile(ctx.app, user.token, { name, type, bytes });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: 'Please upload a PDF, DOC, or DOCX file.',
      code: 'unsupported_media_type',
    });
    expect(await uploadCount(user.id)).toBe(0);
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses an empty file and a request that is not multipart', async () => {
    const user = await newHacker();
    const empty = await uploadFile(ctx.app, user.token, { bytes: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('empty_file');
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/resume',
      payload: { file: 'x' },
      headers: bearer(user.token),
    });
    expect(json.statusCode).toBe(400);
    const wrongField = multipart({
      name: 'resume',
      filename: 'resume.pdf',
      contentType: 'application/pdf',
      content: pdfBytes(),
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/resume',
      payload: wrongField.payload,
      headers: { ...wrongField.headers, ...(bearer(user.token) as Record<string, string>) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('missing_file');
    expect(await uploadCount(user.id)).toBe(0);
  });

  it('takes a hacker resume of exactly 10 MB', async () => {
    const user = await newHacker();
    const res = await uploadFile(ctx.app, user.token, { bytes: pdfBytes(10 * MB) });
    expect(res.statusCode).toBe(201);
    expect(res.json().size).toBe(10 * MB);
  });

  it('cuts a hacker resume of 10 MB + 1 byte with 413, leaving no file or row behind', async () => {
    const user = await newHacker();
    const before = filesOnDisk();
    const res = await uploadFile(ctx.app, user.token, { bytes: pdfBytes(10 * MB + 1) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Resume file cannot exceed 10MB.', code: 'payload_too_large' });
    expect(await uploadCount(user.id)).toBe(0);
    expect(filesOnDisk()).toEqual(before);
    expect(fs.readdirSync(path.join(uploadsDir, '.tmp'))).toEqual([]);
  });

  it('holds mentors to 5 MB with their own message', async () => {
    const mentor = await newMentor();
    const before = filesOnDisk();
    const big = await uploadFile(ctx.app, mentor.token, { bytes: pdfBytes(5 * MB + 1) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      error: 'Please upload a file smaller than 5MB.',
      code: 'payload_too_large',
    });
    expect(filesOnDisk()).toEqual(before);
    const exact = await uploadFile(ctx.app, mentor.token, { bytes: pdfBytes(5 * MB) });
    expect(exact.statusCode).toBe(201);
    expect(await uploadCount(mentor.id)).toBe(1);
  });

  it.each([
    ['../../etc/passwd', 'passwd.pdf'],
    ['..\\..\\windows\\win.ini', 'win.pdf'],
    ['../../../tmp/evil.pdf', 'evil.pdf'],
    ['/etc/passwd\u0000.pdf', 'passwd.pdf'],
    ['<img src=x onerror=alert(1)>.pdf', 'img srcx onerroralert(1).pdf'],
  ])('never lets the name %j reach the storage key (stored as %j)', async (name, cleaned) => {
    const user = await newHacker();
    const res = await uploadFile(ctx.app, user.token, { name, bytes: pdfBytes() });
    expect(res.statusCode).toBe(201);
    const row = (await uploadRow(res.json().name))!;
    expect(row.storage_key).toMatch(new RegExp(`^resumes/\\d{4}/${row.id}\\.pdf$`));
    expect(row.storage_key).not.toContain('..');
    expect(row.original_name).toBe(cleaned);
    expect(res.json().original_name).toBe(cleaned);
    expect(fs.existsSync(path.join(uploadsDir, row.storage_key))).toBe(true);
  });

  it('refuses anonymous callers (401) and admins (403)', async () => {
    const before = filesOnDisk();
    const body = multipart({
      name: 'file',
      filename: 'resume.pdf',
      contentType: 'application/pdf',
      content: pdfBytes(),
    });
    const anon = await ctx.app.inject({ method: 'POST', url: '/api/upload/resume', ...body });
    expect(anon.statusCode).toBe(401);
    const admin = await createAdmin(ctx);
    const asAdmin = await uploadFile(ctx.app, admin.token);
    expect(asAdmin.statusCode).toBe(403);
    expect(filesOnDisk()).toEqual(before);
  });

  it('answers 429 with Retry-After after 30 uploads in 10 minutes', async () => {
    const user = await newHacker();
    for (let i = 0; i < 30; i++) {
      const res = await uploadFile(ctx.app, user.token, { bytes: pdfBytes(100) });
      expect({ i, status: res.statusCode }).toEqual({ i, status: 201 });
    }
    const limited = await uploadFile(ctx.app, user.token, { bytes: pdfBytes(100) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await uploadCount(user.id)).toBe(30);
    // Another applicant is not affected.
    expect((await uploadFile(ctx.app, (await newHacker()).token)).statusCode).toBe(201);
  });
});

describe('DELETE /api/upload/file/:name', () => {
  it('deletes an own file (row and bytes)', async () => {
    const user = await newHacker();
    const file = await uploadResume(ctx.app, user.token);
    const key = (await uploadRow(file.name))!.storage_key;
    const res = await ctx.app.inject({ method: 'DELETE', url: file.file_url, headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await uploadRow(file.name)).toBeUndefined();
    expect(fs.existsSync(path.join(uploadsDir, key))).toBe(false);
    const again = await ctx.app.inject({ method: 'DELETE', url: file.file_url, headers: bearer(user.token) });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another user's file and leaves it alone", async () => {
    const owner = await newHacker();
    const other = await newHacker();
    const file = await uploadResume(ctx.app, owner.token);
    const res = await ctx.app.inject({ method: 'DELETE', url: file.file_url, headers: bearer(other.token) });
    expect(res.statusCode).toBe(404);
    expect(await uploadRow(file.name)).toBeDefined();
    const key = (await uploadRow(file.name))!.storage_key;
    expect(fs.existsSync(path.join(uploadsDir, key))).toBe(true);
  });

  it('refuses to delete the file of a submitted application (409); a draft lets go of its file', async () => {
    const a = await applicantWithResume(ctx);
    expect(
      (await submit(ctx.app, a.token, 'hacker', { ...hackerAnswers(), resume_url: a.resume.file_url }))
        .statusCode,
    ).toBe(201);
    const res = await ctx.app.inject({ method: 'DELETE', url: a.resume.file_url, headers: bearer(a.token) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('file_in_use');
    expect(await uploadRow(a.resume.name)).toBeDefined();

    const b = await applicantWithResume(ctx);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/applications/draft',
      headers: bearer(b.token),
      payload: { role: 'hacker', answers: {}, resume_url: b.resume.file_url },
    });
    const del = await ctx.app.inject({ method: 'DELETE', url: b.resume.file_url, headers: bearer(b.token) });
    expect(del.statusCode).toBe(200);
    const draft = await ctx.app.inject({
      method: 'GET',
      url: '/api/applications/draft',
      headers: bearer(b.token),
    });
    expect(draft.json().draft.resume).toBeNull();
  });
});

describe('signed downloads', () => {
  async function submitted() {
    const a = await applicantWithResume(ctx);
    const res = await submit(ctx.app, a.token, 'hacker', {
      ...hackerAnswers(),
      resume_url: a.resume.file_url,
    });
    expect(res.statusCode).toBe(201);
    return a;
  }

  function resumeUrl(token: string) {
    return ctx.app.inject({ method: 'GET', url: '/api/applications/me/resume-url', headers: bearer(token) });
  }

  it('gives a five-minute link that downloads the bytes as an attachment', async () => {
    const user = await newHacker();
    const bytes = pdfBytes(4096);
    const file = await uploadResume(ctx.app, user.token, { name: 'Ada Résumé.pdf', bytes });
    await submit(ctx.app, user.token, 'hacker', { ...hackerAnswers(), resume_url: file.file_url });

    const res = await resumeUrl(user.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { signed_url: url, expires_at: expiresAt } = res.json();
    expect(url).toMatch(new RegExp(`^/api/files/${file.name}\\?expires=\\d+&signature=[\\w-]+$`));
    const ttl = Date.parse(expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);

    const download = await ctx.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    // The stored name is cleaned (accents folded), and quoted safely in the header.
    expect(file.original_name).toBe('Ada Resume.pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Ada Resume.pdf"; filename*=UTF-8''Ada%20Resume.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('no-store');
  });

  it('the link expires after five minutes (403 link_expired)', async () => {
    const a = await submitted();
    const { signed_url: url } = (await resumeUrl(a.token)).json();
    // Taken after the answer, so the server signed no later than this.
    const issued = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(issued + 4 * 60_000);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    vi.setSystemTime(issued + 5 * 60_000 + 1000);
    const expired = await ctx.app.inject({ method: 'GET', url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('link_expired');
  });

  it('answers 404 file_missing, not a 500, when the stored bytes are gone', async () => {
    const a = await submitted();
    const row = await uploadRow(a.resume.name);
    fs.rmSync(path.join(uploadsDir, row!.storage_key));
    const { signed_url: url } = (await resumeUrl(a.token)).json();
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'This file is no longer available.', code: 'file_missing' });
  });

  it('refuses a tampered link', async () => {
    const a = await submitted();
    const other = await submitted();
    const { signed_url: url } = (await resumeUrl(a.token)).json();
    const u = new URL(url, 'http://x');
    const sig = u.searchParams.get('signature')!;
    const expires = Number(u.searchParams.get('expires'));
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const tampered = [
      `${u.pathname}?expires=${expires}&signature=${flipped}`,
      `${u.pathname}?expires=${expires + 3600}&signature=${sig}`,
      `/api/files/${other.resume.name}?expires=${expires}&signature=${sig}`,
      `${u.pathname}?expires=${expires}&signature=`,
    ];
    for (const t of tampered) {
      const res = await ctx.app.inject({ method: 'GET', url: t });
      expect({ t, status: res.statusCode }).toEqual({ t, status: 403 });
    }
    expect((await ctx.app.inject({ method: 'GET', url: u.pathname })).statusCode).toBe(400);
  });

  it("keeps one applicant away from another's resume (no IDOR)", async () => {
    const a = await submitted();
    const b = await newHacker();
    // B has no application yet: no link at all.
    const none = await resumeUrl(b.token);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('no_resume');
    // A's file id through B's own routes: not found.
    const get = await ctx.app.inject({ method: 'GET', url: a.resume.file_url, headers: bearer(b.token) });
    expect(get.statusCode).toBe(404);
    expect(get.headers.location).toBeUndefined();
    // The owner is redirected to a signed link.
    const own = await ctx.app.inject({ method: 'GET', url: a.resume.file_url, headers: bearer(a.token) });
    expect(own.statusCode).toBe(303);
    expect(own.headers.location).toMatch(new RegExp(`^/api/files/${a.resume.name}\\?`));
    // After B applies with their own file, B's link is B's file only.
    const bFile = await uploadResume(ctx.app, b.token);
    await submit(ctx.app, b.token, 'hacker', { ...hackerAnswers(), resume_url: bFile.file_url });
    const link = (await resumeUrl(b.token)).json().signed_url as string;
    expect(link).toContain(`/api/files/${bFile.name}?`);
    expect(link).not.toContain(a.resume.name);
  });

  it('an admin can get a link to any resume; applicants cannot use the admin route', async () => {
    const a = await submitted();
    const admin = await createAdmin(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/admin/resume-url',
      payload: { resume_url: a.resume.file_url },
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const download = await ctx.app.inject({ method: 'GET', url: res.json().signed_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);

    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/admin/resume-url',
      payload: { resume_url: '/api/upload/file/00000000-0000-4000-8000-000000000000' },
      headers: bearer(admin.token),
    });
    expect(unknown.statusCode).toBe(404);
    const asApplicant = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/admin/resume-url',
      payload: { resume_url: a.resume.file_url },
      headers: bearer(a.token),
    });
    expect(asApplicant.statusCode).toBe(403);
  });
});

describe('sweepOrphans', () => {
  it('removes old unattached uploads and stray files; keeps what an application or draft holds', async () => {
    const applicant = await applicantWithResume(ctx);
    await submit(ctx.app, applicant.token, 'hacker', {
      ...hackerAnswers(),
      resume_url: applicant.resume.file_url,
    });
    const drafter = await applicantWithResume(ctx);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/applications/draft',
      headers: bearer(drafter.token),
      payload: { role: 'hacker', answers: {}, resume_url: drafter.resume.file_url },
    });
    const orphan = await uploadResume(ctx.app, drafter.token);
    const recent = await uploadResume(ctx.app, drafter.token);
    const aged = [applicant.resume.name, drafter.resume.name, orphan.name];
    await ctx.database.pool.query(
      `update uploads set created_at = now() - interval '2 days' where id = any($1::uuid[])`,
      [aged],
    );
    const keyOf = async (id: string) => (await uploadRow(id))!.storage_key;
    const orphanKey = await keyOf(orphan.name);

    // A file without a row (a crash between rename and insert), old and fresh; and a stale temp file.
    const strayDir = path.join(uploadsDir, 'resumes', '2001');
    fs.mkdirSync(strayDir, { recursive: true });
    const oldStray = path.join(strayDir, `${crypto.randomUUID()}.pdf`);
    const freshStray = path.join(strayDir, `${crypto.randomUUID()}.pdf`);
    const staleTemp = path.join(uploadsDir, '.tmp', `${crypto.randomUUID()}.part`);
    for (const f of [oldStray, freshStray, staleTemp]) fs.writeFileSync(f, pdfBytes());
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(oldStray, twoHoursAgo, twoHoursAgo);
    fs.utimesSync(staleTemp, twoHoursAgo, twoHoursAgo);

    const removed = await sweepOrphans(ctx.database.db, ctx.app.storage);
    expect(removed).toBe(3);

    expect(await uploadRow(orphan.name)).toBeUndefined();
    expect(fs.existsSync(path.join(uploadsDir, orphanKey))).toBe(false);
    expect(fs.existsSync(oldStray)).toBe(false);
    expect(fs.existsSync(staleTemp)).toBe(false);
    expect(fs.existsSync(freshStray)).toBe(true);
    for (const id of [applicant.resume.name, drafter.resume.name, recent.name]) {
      expect(await uploadRow(id)).toBeDefined();
      expect(fs.existsSync(path.join(uploadsDir, await keyOf(id)))).toBe(true);
    }
    // The held resumes still download.
    const link = await ctx.app.inject({
      method: 'GET',
      url: '/api/applications/me/resume-url',
      headers: bearer(applicant.token),
    });
    expect((await ctx.app.inject({ method: 'GET', url: link.json().signed_url })).statusCode).toBe(200);
    fs.rmSync(freshStray);
  });
});
