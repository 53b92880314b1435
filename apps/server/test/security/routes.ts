/**
 * Every public, signed-in-user and applicant route, with what a valid request to it looks like.
 * coverage.test.ts walks the app's registered route table against this list: a new route without
 * an entry here (and so without property coverage) fails the build.
 */
import { hackerAnswers, mentorAnswers, rsvpAttending } from '../answers';
import { uniqueEmail, GOOD_PASSWORD } from '../helper';
import { signSponsorResumeLink } from '../../src/lib/signed-links';
import { qrToken, signedLink, type RouteSpec } from './harness';

const resumeUrl = (id: string | undefined) => (id ? `/api/upload/file/${id}` : '');

export const ROUTE_SPECS: readonly RouteSpec[] = [
  // Public: anyone.
  {
    method: 'GET',
    url: '/api/healthz',
    group: 'public',
    personas: ['anonymous', 'hacker'],
    valid: () => ({}),
  },
  { method: 'GET', url: '/api/readyz', group: 'public', personas: ['anonymous'], valid: () => ({}) },
  { method: 'GET', url: '/api/event', group: 'public', personas: ['anonymous'], valid: () => ({}) },
  {
    method: 'GET',
    url: '/api/openapi.json',
    group: 'public',
    personas: ['anonymous', 'hacker'],
    valid: () => ({}),
  },
  {
    method: 'GET',
    url: '/api/settings/public',
    group: 'public',
    personas: ['anonymous', 'hacker'],
    valid: () => ({}),
  },
  {
    method: 'POST',
    url: '/api/settings/validate-access-code',
    group: 'public',
    personas: ['anonymous', 'hacker'],
    valid: (w) => ({ body: { code: w.accessCode } }),
  },
  {
    method: 'POST',
    url: '/api/auth/register',
    group: 'public',
    personas: ['anonymous', 'hacker'],
    valid: () => ({ body: { email: uniqueEmail('prop'), password: GOOD_PASSWORD, role: 'hacker' } }),
  },
  {
    method: 'POST',
    url: '/api/auth/login',
    group: 'public',
    personas: ['anonymous', 'hacker'],
    valid: (w) => ({ body: { email: w.login.email, password: w.login.password } }),
  },
  {
    method: 'POST',
    url: '/api/auth/admin/login',
    group: 'public',
    personas: ['anonymous', 'hacker'],
    valid: (w) => ({ body: { email: w.adminLogin.email, password: w.adminLogin.password } }),
  },
  {
    method: 'POST',
    url: '/api/auth/logout',
    group: 'public',
    personas: ['hacker', 'anonymous'],
    valid: () => ({ body: {} }),
  },
  {
    method: 'POST',
    url: '/api/auth/password-reset',
    group: 'public',
    personas: ['anonymous'],
    valid: (w) => ({ body: { email: w.login.email } }),
  },
  {
    method: 'POST',
    url: '/api/auth/password-reset/verify',
    group: 'public',
    personas: ['anonymous', 'hacker'],
    valid: () => ({ body: { oob_code: 'x'.repeat(43), new_password: 'Another-Good-Passphrase-7' } }),
  },
  {
    method: 'POST',
    url: '/api/auth/verify-email',
    group: 'public',
    personas: ['anonymous', 'hacker'],
    valid: () => ({ body: { token: 'x'.repeat(43) } }),
  },
  {
    method: 'GET',
    url: '/api/files/:id',
    group: 'public',
    personas: ['anonymous', 'hacker'],
    valid: (w) => {
      const link = signedLink(w, w.personas.hacker.resumeId!);
      return { params: { id: link.id }, query: { expires: link.expires, signature: link.signature } };
    },
  },
  {
    // The resume book's signed link: valid in shape; the book's rule then answers 404 for this id.
    method: 'GET',
    url: '/api/sponsor/resumes/:id',
    group: 'public',
    personas: ['anonymous', 'hacker'],
    valid: (w) => {
      const id = '00000000-0000-4000-8000-000000000000';
      const url = new URL(signSponsorResumeLink(w.ctx.config.sessionSecret, id, 'inline').url, 'http://x');
      return { params: { id }, query: Object.fromEntries(url.searchParams) };
    },
  },
  {
    method: 'GET',
    url: '/api/checkin/qr/:token',
    group: 'public',
    personas: ['anonymous'],
    valid: (w) => ({ params: { token: qrToken(w, w.personas.attending.applicationId!) } }),
  },

  // Any signed-in user.
  {
    method: 'GET',
    url: '/api/auth/me',
    group: 'public',
    personas: ['hacker', 'admin', 'anonymous'],
    valid: () => ({}),
  },
  {
    method: 'GET',
    url: '/api/auth/session',
    group: 'public',
    personas: ['hacker', 'admin', 'anonymous'],
    valid: () => ({}),
  },
  {
    method: 'POST',
    url: '/api/auth/verify-email/resend',
    group: 'public',
    personas: ['hacker', 'admin', 'anonymous'],
    valid: () => ({ body: {} }),
  },
  {
    method: 'GET',
    url: '/api/applications/me',
    group: 'applicant',
    personas: ['hacker', 'accepted', 'attending', 'admin', 'anonymous'],
    valid: () => ({}),
  },
  {
    method: 'GET',
    url: '/api/places/cities',
    group: 'public',
    personas: ['hacker', 'anonymous'],
    valid: () => ({ query: { q: 'Bost' } }),
  },
  {
    method: 'GET',
    url: '/api/upload/file/:name',
    group: 'upload',
    personas: ['hacker', 'mentor', 'admin', 'anonymous'],
    valid: (w, p) => ({ params: { name: p.resumeId ?? w.personas.hacker.resumeId! } }),
  },

  // Applicants (hackers and mentors).
  {
    method: 'POST',
    url: '/api/applications/hacker',
    group: 'applicant',
    personas: ['hacker', 'mentor', 'accepted', 'anonymous'],
    valid: (_w, p) => ({ body: { ...hackerAnswers(), resume_url: resumeUrl(p.resumeId) } }),
    // An accepted submission would make every later run a 409: the hacker starts over.
    async restore(w, p) {
      await w.ctx.database.pool.query('delete from applications where user_id = $1', [p.userId]);
    },
  },
  {
    method: 'POST',
    url: '/api/applications/mentor',
    group: 'applicant',
    personas: ['mentor', 'hacker', 'anonymous'],
    valid: (_w, p) => ({ body: { ...mentorAnswers(), resume_url: resumeUrl(p.resumeId) } }),
    async restore(w, p) {
      await w.ctx.database.pool.query('delete from applications where user_id = $1', [p.userId]);
    },
  },
  {
    method: 'GET',
    url: '/api/applications/draft',
    group: 'applicant',
    personas: ['hacker', 'mentor', 'admin', 'anonymous'],
    valid: () => ({}),
  },
  {
    method: 'PUT',
    url: '/api/applications/draft',
    group: 'applicant',
    personas: ['hacker', 'mentor', 'accepted', 'anonymous'],
    valid: (_w, p) => ({
      body: {
        role: p.name === 'mentor' ? 'mentor' : 'hacker',
        answers: { firstName: 'Ada', essay: 'Some text' },
        resume_url: resumeUrl(p.resumeId) || null,
      },
    }),
  },
  {
    method: 'GET',
    url: '/api/applications/me/resume-url',
    group: 'applicant',
    personas: ['hacker', 'accepted', 'admin', 'anonymous'],
    valid: () => ({}),
  },
  {
    method: 'GET',
    url: '/api/applications/me/waitlist-position',
    group: 'applicant',
    personas: ['hacker', 'accepted', 'admin', 'anonymous'],
    valid: () => ({}),
  },
  {
    method: 'GET',
    url: '/api/applications/me/qr',
    group: 'applicant',
    personas: ['attending', 'accepted', 'hacker', 'anonymous'],
    valid: () => ({}),
  },
  {
    method: 'GET',
    url: '/api/applications/me/pass.pdf',
    group: 'applicant',
    personas: ['attending', 'accepted', 'hacker', 'anonymous'],
    valid: () => ({}),
  },
  {
    method: 'POST',
    url: '/api/applications/me/celebrated',
    group: 'applicant',
    personas: ['accepted', 'attending', 'hacker', 'admin', 'anonymous'],
    valid: () => ({ body: {} }),
    // A marked celebration stays marked: put the accepted applicant back to "not yet celebrated".
    async restore(w, p) {
      await w.ctx.database.pool.query(
        'update applications set celebrated_status = null, celebrated_decided_at = null where user_id = $1',
        [p.userId],
      );
    },
  },
  {
    method: 'POST',
    url: '/api/applications/rsvp',
    group: 'applicant',
    personas: ['accepted', 'hacker', 'attending', 'anonymous'],
    valid: () => ({ body: rsvpAttending() }),
    // A recorded RSVP makes every later run a 409: the accepted applicant has not answered again.
    async restore(w, p) {
      await w.ctx.database.pool.query(
        `update applications set rsvp_status = null, rsvp_at = null, preferred_name = null, school_name = null,
           pronoun = null, linkedin_url = null, github_url = null, liability_waiver_accepted = null,
           photo_clearance_accepted = null, photo_sharing_opt_out = null where user_id = $1 and id <> $2`,
        [p.userId, w.personas.attending.applicationId],
      );
    },
  },
  {
    method: 'POST',
    url: '/api/applications/rsvp/withdraw',
    group: 'applicant',
    personas: ['attending', 'accepted', 'hacker', 'admin', 'anonymous'],
    valid: () => ({ body: {} }),
    // A released place stays released: the attending applicant confirms again.
    async restore(w) {
      await w.ctx.database.pool.query(
        `update applications set rsvp_status = 'accepted', rsvp_at = now(), preferred_name = 'Ada',
           school_name = 'Riverside University', pronoun = 'She/Her', liability_waiver_accepted = true,
           photo_clearance_accepted = true, photo_sharing_opt_out = false where id = $1`,
        [w.personas.attending.applicationId],
      );
    },
  },
  { method: 'GET', url: '/api/privacy/policy', group: 'public', personas: ['anonymous'], valid: () => ({}) },
  {
    method: 'GET',
    url: '/api/privacy/consent',
    group: 'applicant',
    personas: ['hacker', 'accepted', 'admin', 'anonymous'],
    valid: () => ({}),
  },
  {
    method: 'PUT',
    url: '/api/privacy/consent',
    group: 'applicant',
    personas: ['hacker', 'accepted', 'mentor', 'admin', 'anonymous'],
    valid: () => ({ body: { sponsor_consent: true } }),
  },
  {
    method: 'GET',
    url: '/api/privacy/export',
    group: 'applicant',
    personas: ['hacker', 'attending', 'admin', 'anonymous'],
    valid: () => ({}),
  },
  {
    // A wrong password on purpose: a right one would delete the persona every later run needs.
    method: 'POST',
    url: '/api/privacy/delete-account',
    group: 'applicant',
    personas: ['hacker', 'mentor', 'admin', 'anonymous'],
    valid: () => ({ body: { password: 'not-the-persona-password', confirm: 'delete' } }),
  },
  {
    method: 'POST',
    url: '/api/upload/resume',
    group: 'upload',
    personas: ['hacker', 'mentor', 'admin', 'anonymous'],
    valid: () => ({}),
  },
  {
    method: 'POST',
    url: '/api/upload/portfolio',
    group: 'upload',
    personas: ['hacker', 'mentor', 'anonymous'],
    valid: () => ({}),
  },
  {
    method: 'DELETE',
    url: '/api/upload/file/:name',
    group: 'upload',
    personas: ['hacker', 'mentor', 'admin', 'anonymous'],
    // The valid target is someone else's file (refused); deleting one's own is tested in uploads.test.ts.
    valid: (w, p) => ({
      params: { name: p.name === 'mentor' ? w.personas.hacker.resumeId! : w.personas.mentor.resumeId! },
    }),
  },

  // Admin single sign-on: public by nature, exercised against a real OpenID provider in oidc.test.ts.
  {
    method: 'GET',
    url: '/api/auth/oidc/config',
    group: 'oidc',
    personas: ['anonymous'],
    valid: () => ({}),
  },
  {
    method: 'GET',
    url: '/api/auth/oidc/start',
    group: 'oidc',
    personas: ['anonymous', 'hacker'],
    valid: () => ({ query: { redirect: '/admin' } }),
  },
  {
    method: 'GET',
    url: '/api/auth/oidc/callback',
    group: 'oidc',
    personas: ['anonymous', 'hacker'],
    valid: () => ({ query: { code: 'abc', state: 'def' } }),
    refusalRedirect: /^\/admin\/login\?sso_error=/,
  },
];

export function specsOf(group: RouteSpec['group']): RouteSpec[] {
  return ROUTE_SPECS.filter((s) => s.group === group);
}
