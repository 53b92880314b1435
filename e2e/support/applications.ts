import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { BASE_URL } from './app';
import { verifyEmailViaMail } from './mail';

/**
 * A file the server accepts as a PDF (the type is decided by its first bytes): tiny, or padded to
 * `size` bytes.
 */
export function pdfFile(name = 'resume.pdf', size?: number) {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
  const buffer = size === undefined ? head : Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
  return { name, mimeType: 'application/pdf', buffer };
}

/**
 * A large PDF as a file in the test's output directory (emptied at each run), for setInputFiles. A
 * buffer crosses to the browser as base64 and is decoded by a script in the page, about 8 s for
 * 10 MB here; a path is handed to Chromium, which reads the file itself.
 */
export function pdfFilePath(name: string, size: number): string {
  const file = test.info().outputPath(name);
  fs.writeFileSync(file, pdfFile(name, size).buffer);
  return file;
}

/** Valid hacker answers: an adult on event day, so no guardian is needed. */
export const HACKER_ANSWERS = {
  firstName: 'Grace',
  lastName: 'Hopper',
  phone: '+1 555 010 0100',
  major: 'Computer Science',
  university: 'Riverside University',
  isHighSchool: false,
  graduationYear: '2027',
  birthDay: 9,
  birthMonth: 12,
  birthYear: 2000,
  travelFrom: 'Newark, NJ',
  gender: 'female',
  race: 'asian',
  shirtSize: 'm',
  needsVisa: false,
  needsAccommodation: true,
  howDidYouHear: 'A friend told me',
  dietaryRestrictions: 'Vegetarian',
  backgroundQuestion: 'I build compilers for fun.',
  householdObjectQuestion: 'A lamp: it lights the way.',
  whyAttendQuestion: 'To learn and to meet people.',
  portfolio: '',
  recruitmentEmails: false,
  termsAccepted: true,
  mlhTermsAccepted: true,
} as const;

/**
 * Submits a hacker application through the API with the given (signed-in) request context, e.g.
 * `page.request`, which shares the page's session cookie: the address verified through its mailed
 * link, resume upload, then the answers.
 */
export async function submitHackerViaApi(request: APIRequestContext, answers: Record<string, unknown> = {}) {
  await verifyEmailViaMail(request);
  const upload = await request.post('/api/upload/resume', {
    multipart: { file: pdfFile() },
    headers: { Origin: BASE_URL },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { file_url } = (await upload.json()) as { file_url: string };
  const res = await request.post('/api/applications/hacker', {
    data: { ...HACKER_ANSWERS, ...answers, resume_url: file_url },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(201);
}
