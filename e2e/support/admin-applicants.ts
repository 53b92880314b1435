import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Download,
  type Page,
} from '@playwright/test';
import { BASE_URL, PASSWORD, uniqueEmail } from './app';
import { submitHackerWhenOpen, type SeededAdmin } from './admin-session';

export interface Applicant {
  email: string;
  /** The applicant's own session (cookie), e.g. for GET /api/applications/me. */
  request: APIRequestContext;
  /** The application id, as the admin list shows it. */
  id: string;
}

/** A short random word for names, so a search finds only this test's applicants. */
export function uniqueTag(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/**
 * A hacker with a submitted application. The account is made by the admin API (registration is
 * rate limited per address and every spec registers), then signed in through its own context.
 */
export async function createHackerApplicant(
  admin: SeededAdmin,
  answers: Record<string, unknown> = {},
  options: { tag?: string; request?: APIRequestContext } = {},
): Promise<Applicant> {
  const email = uniqueEmail(options.tag ?? 'adm-app');
  await admin.createUser(email, 'hacker');
  // A browser context's request shares its cookies with the context's pages.
  const request = options.request ?? (await playwrightRequest.newContext({ baseURL: BASE_URL }));
  const login = await request.post('/api/auth/login', {
    data: { email, password: PASSWORD },
    headers: { Origin: BASE_URL },
  });
  expect(login.status(), await login.text()).toBe(200);
  await submitHackerWhenOpen(request, answers);
  const id = await applicationIdOf(admin, email);
  return { email, request, id };
}

/**
 * `count` hackers with submitted applications, made a few at a time (each signs in and uploads a
 * resume). Their sessions are closed afterwards: only the ids and e-mails are kept.
 */
export async function createHackerApplicants(
  admin: SeededAdmin,
  count: number,
  answersOf: (i: number) => Record<string, unknown>,
  { tag = 'adm-app', concurrency = 8 } = {},
): Promise<Omit<Applicant, 'request'>[]> {
  const out: Omit<Applicant, 'request'>[] = [];
  for (let start = 0; start < count; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - start) }, (_, k) => start + k);
    out.push(
      ...(await Promise.all(
        batch.map(async (i) => {
          const { request, ...applicant } = await createHackerApplicant(admin, answersOf(i), { tag });
          await request.dispose();
          return applicant;
        }),
      )),
    );
  }
  return out;
}

/** The application id of an applicant, found through the admin list's search. */
export async function applicationIdOf(admin: SeededAdmin, email: string): Promise<string> {
  const res = await admin.request.get('/api/admin/applications', {
    params: { search: email },
    headers: admin.headers,
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { applications: { _id: string; email: string }[] };
  const found = body.applications.find((a) => a.email === email);
  expect(found, `application of ${email}`).toBeDefined();
  return found!._id;
}

export async function applicationStatus(admin: SeededAdmin, id: string): Promise<string> {
  const res = await admin.request.get(`/api/admin/applications/${id}`, { headers: admin.headers });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { status: string }).status;
}

export async function setApplicationStatus(admin: SeededAdmin, id: string, status: string) {
  const res = await admin.request.put(`/api/admin/applications/${id}/status`, {
    data: { status },
    headers: admin.headers,
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function setDecisionsReleased(admin: SeededAdmin, role: 'hacker' | 'mentor', released: boolean) {
  const res = await admin.request.post(`/api/admin/decisions/${released ? 'release' : 'unrelease'}`, {
    data: { role },
    headers: admin.headers,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens the admin portal on a tab. */
export async function openAdminTab(page: Page, tab: 'applications' | 'bulk-actions', query = '') {
  await page.goto(`/admin?tab=${tab}${query ? `&${query}` : ''}`);
  await expect(
    page.getByRole('tab', { name: tab === 'applications' ? 'Applications' : 'Bulk Actions' }),
  ).toHaveAttribute('aria-selected', 'true');
}

/** Types into the applications search and waits for the list to answer for it. */
export async function searchApplications(page: Page, text: string) {
  const answered = page.waitForResponse(
    (r) =>
      r.url().includes('/api/admin/applications?') &&
      new URL(r.url()).searchParams.get('search') === text &&
      r.status() === 200,
  );
  await page.getByLabel('Search Applications').fill(text);
  await answered;
}

/** Opens the Applications tab's full filter set (the bar shows only the search and the chips). */
export async function openApplicationFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

/** The table row of an applicant (found by e-mail). */
export function applicationRow(page: Page, email: string) {
  return page.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: email });
}

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF) into rows of cells; a leading BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i += 1) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Entry names of a zip, read from its central directory (no extraction, no dependency). */
export function zipEntryNames(buffer: Buffer): string[] {
  const EOCD = 0x06054b50;
  let eocd = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 0xffff); i -= 1) {
    if (buffer.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip: no end of central directory record');
  const count = buffer.readUInt16LE(eocd + 10);
  let offset = buffer.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n += 1) {
    if (buffer.readUInt32LE(offset) !== 0x02014b50) throw new Error('bad central directory entry');
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    names.push(buffer.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** `unzip -l` agrees with our own reading, when the tool is installed. */
export function unzipListing(file: string): string | null {
  try {
    return execFileSync('unzip', ['-l', file], { encoding: 'utf8' });
  } catch {
    return null;
  }
}

export async function downloadedBytes(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}
