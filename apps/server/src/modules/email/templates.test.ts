import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_PLACEHOLDERS, EMAIL_TEMPLATE_KEYS, emailTemplatesResponseSchema } from '@lanyard/shared/email';
import { asUser, auditRows, seedApplication, submittedHacker } from '../../../test/admin';
import { setSettings } from '../../../test/applicant';
import { bearer, createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { DEFAULT_TEMPLATES } from './catalog';

let ctx: TestContext;
let admin: { token: string; email: string };
let call: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
  call = asUser(ctx, admin.token);
  await setSettings(ctx);
});
afterAll(() => ctx.close());

const EVENT = 'Riverside Hacks XXVI';
const DASHBOARD = 'http://localhost:3000/dashboard';

interface Mail {
  kind: string;
  subject: string;
  text_body: string;
  html_body: string;
}

async function mailsTo(to: string, kind?: string): Promise<Mail[]> {
  const { rows } = await ctx.database.pool.query<Mail>(
    `select kind, subject, text_body, html_body from email_outbox
      where to_address = $1 and ($2::text is null or kind = $2) order by created_at, id`,
    [to, kind ?? null],
  );
  return rows;
}

async function templates() {
  const res = await call('GET', '/api/settings/email-templates');
  expect(res.statusCode).toBe(200);
  return emailTemplatesResponseSchema.parse(res.json());
}

async function storedTemplates(): Promise<unknown> {
  const { rows } = await ctx.database.pool.query('select email_templates from settings where id = 1');
  return rows[0].email_templates;
}

describe('e-mail templates', () => {
  it('lists the five defaults and the placeholders', async () => {
    const body = await templates();
    expect(body.templates.map((t) => t.key)).toEqual([...EMAIL_TEMPLATE_KEYS]);
    for (const t of body.templates) {
      expect(t).toEqual({ key: t.key, ...DEFAULT_TEMPLATES[t.key], is_default: true });
    }
    expect(body.placeholders).toEqual([...EMAIL_PLACEHOLDERS]);
    expect(body.placeholders).toEqual(['name', 'event', 'dashboard_link', 'rsvp_deadline']);
  });

  const CUSTOM = {
    template: 'decision_accepted',
    subject: '  Welcome {{name}}\r\nto {{ event }}  ',
    body: 'Dear {{name}},\n\nYou are in for {{event}}. RSVP by {{rsvp_deadline}} at {{dashboard_link}}\nQuestions? Write to <help@example.org>. Tom & Jerry say hi.',
  };

  it('PUT changes one template (audited); the next release uses it with the placeholders filled', async () => {
    const res = await call('PUT', '/api/settings/email-template', CUSTOM);
    expect(res.statusCode).toBe(200);
    const body = emailTemplatesResponseSchema.parse(res.json());
    const changed = body.templates.find((t) => t.key === 'decision_accepted')!;
    expect(changed).toEqual({
      key: 'decision_accepted',
      subject: 'Welcome {{name}}\r\nto {{ event }}',
      body: CUSTOM.body,
      is_default: false,
    });
    for (const t of body.templates.filter((x) => x.key !== 'decision_accepted'))
      expect(t.is_default).toBe(true);
    expect(await templates()).toEqual(body);
    expect(await auditRows(ctx, 'email_template', 'decision_accepted')).toEqual([
      {
        actor_email: admin.email,
        action: 'email_template.update',
        target_type: 'email_template',
        target_id: 'decision_accepted',
        before: DEFAULT_TEMPLATES.decision_accepted,
        after: { subject: changed.subject, body: changed.body },
      },
    ]);

    await setSettings(ctx, { rsvp_deadline: new Date('2025-08-15T16:00:00.000Z') });
    const tagged = await seedApplication(ctx, { status: 'accepted', firstName: '<b>x</b>' });
    const crlf = await seedApplication(ctx, {
      status: 'accepted',
      firstName: 'Eve\r\nBcc: evil@example.org',
    });
    const walt = await seedApplication(ctx, { status: 'waitlisted', firstName: 'Walt' });
    expect((await call('POST', '/api/admin/decisions/release', { role: 'hacker' })).statusCode).toBe(200);

    const [mail] = await mailsTo(tagged.email);
    expect(mail!.kind).toBe('decision_accepted');
    // Subject: placeholders filled, line breaks gone; a name that is markup is not shown at all.
    expect(mail!.subject).toBe(`Welcome there to ${EVENT}`);
    expect(mail!.text_body).toContain('Dear there,');
    expect(mail!.text_body).toContain(`You are in for ${EVENT}.`);
    // The deadline is shown in the event's time zone (New York: 12:00 PM for 16:00 UTC).
    expect(mail!.text_body).toMatch(
      /RSVP by August 15, 2025,? at 12:00\s?PM at http:\/\/localhost:3000\/dashboard\n/,
    );
    expect(mail!.text_body).toContain('Write to <help@example.org>. Tom & Jerry say hi.');
    expect(mail!.text_body).not.toContain('{{');
    // HTML: a clickable dashboard link, the plain text's own characters escaped.
    expect(mail!.html_body).toContain('Dear there,');
    expect(mail!.html_body).not.toContain('<b>x</b>');
    expect(mail!.html_body).toContain(`<a href="${DASHBOARD}"`);
    expect(mail!.html_body).toContain('Write to &lt;help@example.org&gt;. Tom &amp; Jerry say hi.');
    expect(mail!.html_body).not.toContain('{{');

    const [eve] = await mailsTo(crlf.email);
    expect(eve!.subject).not.toMatch(/[\r\n]/);
    expect(eve!.subject).toBe(`Welcome there to ${EVENT}`);

    // The other decisions keep their default text.
    const [waitlisted] = await mailsTo(walt.email);
    expect(waitlisted).toMatchObject({
      kind: 'decision_waitlisted',
      subject: `Your ${EVENT} application: waitlist`,
    });
    expect(waitlisted!.text_body).toContain('Hi Walt,');
  });

  it('preview renders a draft without saving it', async () => {
    await setSettings(ctx, {
      hacker_decisions_released: true,
      rsvp_deadline: new Date('2025-08-15T16:00:00.000Z'),
    });
    const stored = await storedTemplates();
    const audits = (await auditRows(ctx, 'email_template')).length;
    const res = await call('POST', '/api/settings/email-template/preview', {
      template: 'rsvp_recorded',
      subject: 'Hi {{name}}\nthere, {{event}}',
      body: 'Hello {{name}} <3\n\nSee {{dashboard_link}} before {{rsvp_deadline}}.\n\nFAQ: <https://example.org/faq?a=1&b=2>',
    });
    expect(res.statusCode).toBe(200);
    const preview = res.json() as { subject: string; text: string; html: string };
    expect(preview.subject).toBe(`Hi Ada there, ${EVENT}`);
    expect(preview.text).toMatch(
      /^Hello Ada <3\n\nSee http:\/\/localhost:3000\/dashboard before August 15, 2025,? at 12:00\s?PM\.\n\nFAQ: <https:\/\/example.org\/faq\?a=1&b=2>$/,
    );
    expect(preview.html).toContain('Hello Ada &lt;3');
    // A link in angle brackets: the brackets are text, the query string stays whole.
    expect(preview.html).toContain(
      'FAQ: &lt;<a href="https://example.org/faq?a=1&amp;b=2" style="color:#4f46e5">https://example.org/faq?a=1&amp;b=2</a>&gt;',
    );
    expect(preview.html).toContain(`<a href="${DASHBOARD}"`);
    expect(preview.html).toMatch(/^<!doctype html>/);

    expect(await storedTemplates()).toEqual(stored);
    expect(await auditRows(ctx, 'email_template')).toHaveLength(audits);
    const listed = (await templates()).templates.find((t) => t.key === 'rsvp_recorded')!;
    expect(listed.is_default).toBe(true);

    for (const bad of [
      { template: 'decision_maybe', subject: 's', body: 'b' },
      { template: 'rsvp_recorded', subject: 's' },
      { template: 'rsvp_recorded', subject: 's', body: 'b', extra: 1 },
    ]) {
      const r = await call('POST', '/api/settings/email-template/preview', bad);
      expect({ bad, status: r.statusCode }).toEqual({ bad, status: 400 });
    }
  });

  it('refuses an empty, unknown or over-long template and stores nothing', async () => {
    const stored = await storedTemplates();
    for (const bad of [
      { template: 'decision_rejected', subject: '   ', body: 'b' },
      { template: 'decision_rejected', subject: 's', body: '' },
      { template: 'decision_rejected', subject: 's' },
      { template: 'decision_maybe', subject: 's', body: 'b' },
      { template: 'decision_rejected', subject: 'x'.repeat(201), body: 'b' },
      { template: 'decision_rejected', subject: 's', body: 'b', html: '<p>' },
    ]) {
      const r = await call('PUT', '/api/settings/email-template', bad);
      expect({ bad: JSON.stringify(bad).slice(0, 60), status: r.statusCode }).toEqual({
        bad: JSON.stringify(bad).slice(0, 60),
        status: 400,
      });
    }
    expect(await storedTemplates()).toEqual(stored);
  });

  it('reset restores the default (audited), and later e-mails use it again', async () => {
    const res = await call('POST', '/api/settings/email-template/reset', { template: 'decision_accepted' });
    expect(res.statusCode).toBe(200);
    const body = emailTemplatesResponseSchema.parse(res.json());
    for (const t of body.templates)
      expect(t).toEqual({ key: t.key, ...DEFAULT_TEMPLATES[t.key], is_default: true });
    expect((await auditRows(ctx, 'email_template', 'decision_accepted')).at(-1)).toMatchObject({
      actor_email: admin.email,
      action: 'email_template.reset',
      before: { subject: 'Welcome {{name}}\r\nto {{ event }}', body: CUSTOM.body },
      after: DEFAULT_TEMPLATES.decision_accepted,
    });

    // Hacker decisions are released: a new acceptance is announced with the default text.
    const a = await seedApplication(ctx, { status: 'pending', firstName: 'Late' });
    expect(
      (await call('PUT', `/api/admin/applications/${a.id}/status`, { status: 'accepted' })).statusCode,
    ).toBe(200);
    const [mail] = await mailsTo(a.email);
    expect(mail).toMatchObject({ kind: 'decision_accepted', subject: `You're in! Welcome to ${EVENT}` });
    expect(mail!.text_body).toContain('Hi Late,');
    expect(mail!.text_body).toContain('(August 15, 2025');

    // Resetting a default is harmless; an unknown key is refused.
    expect(
      (await call('POST', '/api/settings/email-template/reset', { template: 'rsvp_recorded' })).statusCode,
    ).toBe(200);
    expect((await call('POST', '/api/settings/email-template/reset', { template: 'nope' })).statusCode).toBe(
      400,
    );
  });

  it('application_received is queued on submit, with the template in force', async () => {
    const a = await submittedHacker(ctx, { firstName: 'Ada' });
    const mails = await mailsTo(a.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'application_received',
      subject: `We received your ${EVENT} application`,
    });
    expect(mails[0]!.text_body).toContain('Hi Ada,');
    expect(mails[0]!.text_body).toContain(DASHBOARD);

    const put = await call('PUT', '/api/settings/email-template', {
      template: 'application_received',
      subject: 'Got it, {{name}}',
      body: 'Thanks {{name}} for applying to {{event}}.',
    });
    expect(put.statusCode).toBe(200);
    const b = await submittedHacker(ctx, { firstName: 'Grace' });
    expect(await mailsTo(b.email)).toMatchObject([
      {
        kind: 'application_received',
        subject: 'Got it, Grace',
        text_body: `Thanks Grace for applying to ${EVENT}.`,
      },
    ]);
    await call('POST', '/api/settings/email-template/reset', { template: 'application_received' });
  });

  it('the RSVP-recorded e-mail uses its template too', async () => {
    await call('PUT', '/api/settings/email-template', {
      template: 'rsvp_recorded',
      subject: 'RSVP noted for {{name}}',
      body: 'Thanks {{name}}. Details: {{dashboard_link}}',
    });
    await setSettings(ctx, { hacker_decisions_released: true });
    const w = await seedApplication(ctx, { status: 'waitlisted', firstName: 'Wendy' }, { sessions: true });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/applications/rsvp',
      headers: bearer(w.token!),
      payload: { response: 'accepted' },
    });
    expect(res.statusCode).toBe(200);
    expect(await mailsTo(w.email, 'rsvp_recorded')).toMatchObject([
      { subject: 'RSVP noted for Wendy', text_body: `Thanks Wendy. Details: ${DASHBOARD}` },
    ]);
  });

  it('an applicant-typed name never puts their text or link into an e-mail', async () => {
    const hostile = 'your account is locked. Verify now at https://evil.example/login';
    const a = await submittedHacker(ctx, { firstName: hostile });
    await setSettings(ctx, { hacker_decisions_released: true });
    expect(
      (await call('PUT', `/api/admin/applications/${a.appId}/status`, { status: 'accepted' })).statusCode,
    ).toBe(200);
    const mails = await mailsTo(a.email);
    expect(mails.map((m) => m.kind)).toEqual(['application_received', 'decision_accepted']);
    for (const mail of mails) {
      expect(mail.text_body).toMatch(/^Hi there,\n/);
      for (const part of [mail.subject, mail.text_body, mail.html_body]) {
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('locked');
      }
      // The one link is the template's own.
      expect(mail.html_body.match(/<a /g)).toHaveLength(1);
      expect(mail.html_body).toContain(`<a href="${DASHBOARD}"`);
    }
  });

  it('is for admins only', async () => {
    const applicant = await seedApplication(ctx, { status: 'pending' }, { sessions: true });
    const stored = await storedTemplates();
    const routes: [HTTPMethods, string, unknown][] = [
      ['GET', '/api/settings/email-templates', undefined],
      ['PUT', '/api/settings/email-template', { template: 'rsvp_recorded', subject: 'x', body: 'y' }],
      ['POST', '/api/settings/email-template/reset', { template: 'rsvp_recorded' }],
      [
        'POST',
        '/api/settings/email-template/preview',
        { template: 'rsvp_recorded', subject: 'x', body: 'y' },
      ],
    ];
    for (const [method, url, payload] of routes) {
      const opts = payload === undefined ? {} : { payload: payload as Record<string, unknown> };
      const anon = await ctx.app.inject({ method, url, ...opts });
      expect({ url, status: anon.statusCode }).toEqual({ url, status: 401 });
      const asApplicant = await ctx.app.inject({ method, url, headers: bearer(applicant.token!), ...opts });
      expect({ url, status: asApplicant.statusCode }).toEqual({ url, status: 403 });
    }
    expect(await storedTemplates()).toEqual(stored);
  });
});
