import { describe, expect, it } from 'vitest';
import { greetingName, NEUTRAL_NAME, renderTemplate, type TemplateValues } from './catalog';

const VALUES: TemplateValues = {
  name: 'Ada',
  event: 'Riverside Hacks XXVI',
  dashboard_link: 'https://portal.example.org/dashboard',
  rsvp_deadline: 'August 15, 2025',
};

function render(name: string, body = 'Hi {{name}},\n\nSee {{dashboard_link}}', subject = 'Hello {{name}}') {
  return renderTemplate({ subject, body }, { ...VALUES, name }, '#4f46e5');
}

describe('greetingName: what an applicant typed as a first name, as e-mails greet them', () => {
  it('keeps names in any script, with apostrophes, hyphens, initials and spaces', () => {
    for (const name of ["O'Brien", 'Zoë', 'Fei-Fei', 'José María', '李', 'J.R.', 'Anne-Marie', 'Ngũgĩ']) {
      expect(greetingName(name)).toBe(name);
    }
    expect(greetingName('  Ada \t Mae  ')).toBe('Ada Mae');
  });

  it('falls back to a neutral word for anything that holds a link, an address or a domain', () => {
    for (const hostile of [
      'your account is locked. Verify now at https://evil.example/login',
      'https://evil.example',
      'http://x',
      'evil.example',
      'www.evil',
      'Ada evil.com',
      'mailto:ada@evil.example',
      'ada@evil.example',
      'evil\u2024example', // one dot leader: NFKC makes it a full stop
      'evil\uff0eexample', // fullwidth full stop
      'evil\u3002example', // ideographic full stop, which some clients treat as a dot
      'evil.\u200dexample',
    ]) {
      expect({ hostile, name: greetingName(hostile) }).toEqual({ hostile, name: NEUTRAL_NAME });
    }
  });

  it('falls back for sentences, markup, digits, control and invisible characters, and empty names', () => {
    for (const hostile of [
      'your account is locked',
      'Call 555 0100',
      '<b>x</b>',
      'Eve\r\nBcc: evil@example.org',
      'Ada!',
      'A'.repeat(33),
      'Ada\u202eevil', // right-to-left override
      'Ada\u200b', // zero-width space
      '',
      '   ',
    ]) {
      expect({ hostile, name: greetingName(hostile) }).toEqual({ hostile, name: NEUTRAL_NAME });
    }
    expect(greetingName('A'.repeat(32))).toBe('A'.repeat(32));
  });
});

describe('renderTemplate', () => {
  it('never makes a link of the name, in either part, and greets neutrally', () => {
    const mail = render('your account is locked. Verify now at https://evil.example/login');
    expect(mail.subject).toBe(`Hello ${NEUTRAL_NAME}`);
    expect(mail.text).toBe(`Hi ${NEUTRAL_NAME},\n\nSee https://portal.example.org/dashboard`);
    expect(mail.html).not.toContain('evil');
    expect(mail.html.match(/<a /g)).toHaveLength(1);
    expect(mail.html).toContain(
      '<a href="https://portal.example.org/dashboard" style="color:#4f46e5">https://portal.example.org/dashboard</a>',
    );
  });

  it('links the URLs the template itself holds, and a name beside one never extends it', () => {
    const mail = render('Ada', 'Read https://example.org/faq/{{name}} and {{dashboard_link}}.');
    expect(mail.text).toBe('Read https://example.org/faq/Ada and https://portal.example.org/dashboard.');
    expect(mail.html).toContain(
      'Read <a href="https://example.org/faq/" style="color:#4f46e5">https://example.org/faq/</a>Ada and ',
    );
    // Trailing punctuation ends a sentence, not the link.
    expect(mail.html).toContain(
      '<a href="https://portal.example.org/dashboard" style="color:#4f46e5">https://portal.example.org/dashboard</a>.',
    );
  });

  it('escapes every value and the template text in HTML', () => {
    const mail = renderTemplate(
      { subject: 's', body: 'Dear {{name}} & {{event}} <3' },
      { ...VALUES, name: "O'Brien", event: 'A <b>B</b>' },
      '#000',
    );
    expect(mail.html).toContain('Dear O&#39;Brien &amp; A &lt;b&gt;B&lt;/b&gt; &lt;3');
    expect(mail.text).toBe("Dear O'Brien & A <b>B</b> <3");
  });
});
