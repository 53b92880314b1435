// The deadline rush: applicants upload a 1 MB resume and submit, while others poll their dashboard.
import crypto from 'node:crypto';
import { cannon, clientIp } from './load.mjs';

const MB = 1024 * 1024;
const BOUNDARY = '----lanyard-bench-7d1f0c';

/** A 1 MB PDF (by content: what the server checks) with the applicant's name on its page. */
function resumePdf(name, fill) {
  const text = `BT /F1 18 Tf 72 720 Td (${name} - Resume) Tj ET`;
  const head = Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>endobj\n` +
      `4 0 obj<</Length ${text.length}>>stream\n${text}\nendstream endobj\n5 0 obj<</Length ${fill.length}>>stream\n`,
  );
  return Buffer.concat([head, fill, Buffer.from('\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')]);
}

function multipartBody(pdf) {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="resume.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    pdf,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** A complete hacker application, as the form sends it (an adult, terms accepted). */
function answers(i) {
  return {
    firstName: 'Rush',
    lastName: `Applicant ${i}`,
    phone: '+1 (555) 010-2030',
    major: 'Computer Science',
    university: 'Riverside University',
    isHighSchool: false,
    graduationYear: '2027',
    birthDay: 10,
    birthMonth: 12,
    birthYear: 2000,
    travelFrom: 'Boston, MA, United States',
    gender: 'prefer-not-to-say',
    race: 'race-prefer-not-to-say',
    shirtSize: 'm',
    needsVisa: false,
    needsAccommodation: false,
    howDidYouHear: 'A friend',
    dietaryRestrictions: '',
    backgroundQuestion: 'I have built web apps with friends and love learning new tools at hackathons.',
    householdObjectQuestion: 'A lamp: I help people see a problem clearly.',
    whyAttendQuestion: 'To meet people, learn something new and ship a project in a weekend.',
    portfolio: `https://github.com/rush${i}`,
    recruitmentEmails: false,
    termsAccepted: true,
    mlhTermsAccepted: true,
    socialMediaConnection: 'yes',
  };
}

/**
 * Runs the rush. Each of `connections` applicants-at-a-time does upload, then submit, at one request a
 * second, so `connections / 2` submissions a second; `perConnection` submissions each.
 */
export async function deadlineRush({ baseUrl, submitters, pollers, connections, perConnection, cookieName }) {
  const fill = crypto.randomBytes(MB - 400);
  const origin = baseUrl;
  let nextSubmitter = 0;
  const acknowledged = new Set();
  const upload = {
    method: 'POST',
    path: '/api/upload/resume',
    setupRequest(req, ctx) {
      ctx.user = nextSubmitter++ % submitters.length;
      const body = multipartBody(resumePdf(`Rush Applicant ${ctx.user}`, fill));
      return {
        ...req,
        body,
        headers: {
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          cookie: `${cookieName}=${submitters[ctx.user].token}`,
          origin,
          'x-forwarded-for': clientIp(2, ctx.user),
        },
      };
    },
    onResponse(status, body, ctx) {
      ctx.kind = 'upload';
      ctx.resumeUrl = status === 201 ? JSON.parse(body).file_url : undefined;
    },
  };
  const submit = {
    method: 'POST',
    path: '/api/applications/hacker',
    setupRequest(req, ctx) {
      // A failed upload means this applicant cannot submit; the next one starts over.
      if (!ctx.resumeUrl) return null;
      return {
        ...req,
        body: JSON.stringify({ ...answers(ctx.user), resume_url: ctx.resumeUrl }),
        headers: {
          'content-type': 'application/json',
          cookie: `${cookieName}=${submitters[ctx.user].token}`,
          origin,
          'x-forwarded-for': clientIp(2, ctx.user),
        },
      };
    },
    onResponse(status, _body, ctx) {
      ctx.kind = 'submit';
      if (status === 201) acknowledged.add(submitters[ctx.user].email);
      ctx.resumeUrl = undefined;
    },
  };

  // Dashboards refresh every 30 s (DASHBOARD_POLL_MS), each applicant with their own session.
  let nextPoller = 0;
  const pollRate = Math.max(1, Math.round(pollers.length / 30));
  let pollInstance;
  const polling = cannon(
    {
      url: baseUrl,
      connections: Math.min(50, pollRate),
      overallRate: pollRate,
      duration: 3600,
      requests: [
        {
          method: 'GET',
          path: '/api/applications/me',
          setupRequest(req) {
            const i = nextPoller++ % pollers.length;
            return {
              ...req,
              headers: { cookie: `${cookieName}=${pollers[i].token}`, 'x-forwarded-for': clientIp(1, i) },
            };
          },
        },
      ],
    },
    { kind: 'poll', onStart: (i) => (pollInstance = i) },
  );
  // The dashboards are already being polled when the rush begins.
  await new Promise((r) => setTimeout(r, 3000));
  const started = performance.now();
  const rush = await cannon({
    url: baseUrl,
    connections,
    connectionRate: 1,
    amount: 2 * connections * perConnection,
    requests: [upload, submit],
  });
  const rushSeconds = (performance.now() - started) / 1000;
  pollInstance.stop();
  const poll = await polling;
  return {
    rushSeconds,
    pollRate,
    acknowledged,
    latencies: { ...rush.latencies, poll: poll.latencies.poll ?? [] },
    statuses: { ...rush.statuses, poll: poll.statuses.poll ?? {} },
    errors: rush.result.errors + poll.result.errors,
    timeouts: rush.result.timeouts + poll.result.timeouts,
  };
}
