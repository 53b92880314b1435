import { describe, expect, it } from 'vitest';
import type { EventConfig } from '@lanyard/shared/event';
import { loadEventConfig } from '../../config';
import { defaultEventConfigPath } from '../../paths';
import { renderAnnouncement, type AnnouncementValues } from './render';

const event: EventConfig = { ...loadEventConfig(defaultEventConfigPath), brandColor: '#4f46e5' };
const VALUES: AnnouncementValues = {
  first_name: 'Ada',
  event: 'Riverside Hacks XXVI',
  rsvp_deadline: 'August 15, 2025 at 11:59 PM',
  dashboard_link: 'https://portal.example.org/dashboard',
};

function render(body: string, first_name = 'Ada', subject = 'Hello {{first_name}}', values = VALUES) {
  return renderAnnouncement({ subject, body }, event, { ...values, first_name });
}

/** The message's own part of the HTML (between the event heading and the footer). */
function content(html: string): string {
  return html.slice(html.indexOf('</h1>') + 5, html.indexOf('<p style="font-size:13px'));
}

describe('announcement Markdown', () => {
  it('renders Markdown with the variables filled in, and a plain-text part', () => {
    const mail = render(
      'Hi {{first_name}},\n\n**Doors open at 9.** See [your dashboard]({{dashboard_link}}) before {{rsvp_deadline}}.\n\n- Bring ID\n- Bring a laptop',
    );
    expect(mail.subject).toBe('Hello Ada');
    const html = content(mail.html);
    expect(html).toContain('<p>Hi Ada,</p>');
    expect(html).toContain('<strong>Doors open at 9.</strong>');
    expect(html).toContain(
      '<a href="https://portal.example.org/dashboard" style="color:#4f46e5">your dashboard</a>',
    );
    expect(html).toContain('August 15, 2025 at 11:59 PM');
    expect(html).toContain('<li>Bring ID</li>');
    expect(mail.text).toContain(
      'Hi Ada,\n\n**Doors open at 9.** See [your dashboard](https://portal.example.org/dashboard)',
    );
    expect(mail.text).toContain(`Questions? Write to ${event.supportEmail}.`);
    // The e-mail look: the event's name as a heading in the brand colour.
    expect(mail.html).toContain('<h1 style="font-size:20px;color:#4f46e5">');
  });

  it('escapes raw HTML: script tags and event-handler attributes stay text', () => {
    const html = content(
      render(
        '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n<a href="https://x.example" onclick="alert(1)">x</a>\n\n<iframe src="https://evil.example"></iframe><style>body{}</style>',
      ).html,
    );
    expect(html).not.toMatch(/<(script|img|iframe|style)/i);
    // No tag carries an attribute the admin typed (a bare address inside the text may become a link).
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).not.toContain('onclick="');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it('refuses javascript:, data:, vbscript: and relative links, however they are spelled', () => {
    const hostile = [
      '[a](javascript:alert(1))',
      '[b](JaVaScRiPt:alert(1))',
      '[c](java&#115;cript:alert(1))',
      '[d](%6Aavascript:alert(1))',
      '<javascript:alert(1)>',
      '[e](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '![f](data:image/png;base64,iVBORw0KGgo=)',
      '[g](vbscript:msgbox(1))',
      '[h](/admin)',
      '[i](file:///etc/passwd)',
      '[j]: javascript:alert(1)\n\n[j]',
    ];
    for (const body of hostile) {
      const html = content(render(body).html);
      expect(html, body).not.toMatch(/(href|src)="(?!https?:|mailto:)/i);
      expect(html.toLowerCase(), body).not.toMatch(/(href|src)="[^"]*(javascript|data|vbscript):/);
    }
    // The safe ones work: https, mailto, images over https, and bare addresses.
    const ok = content(
      render(
        '[w](https://example.org) [m](mailto:team@example.org) ![logo](https://example.org/l.png) www.example.org',
      ).html,
    );
    expect(ok).toContain('href="https://example.org"');
    expect(ok).toContain('href="mailto:team@example.org"');
    expect(ok).toContain('src="https://example.org/l.png"');
    expect(ok).toContain('href="http://www.example.org"');
  });

  it('a hostile first name is neither HTML, nor Markdown, nor a link', () => {
    for (const name of [
      '<img src=x onerror=alert(1)>',
      '<script>alert(1)</script>',
      '[click](https://evil.example)',
      '**Ada**',
      'evil.example',
      'Visit https://evil.example now',
      '`code`',
    ]) {
      const mail = render('Hi {{first_name}}, welcome!', name, 'For {{first_name}}');
      expect(content(mail.html), name).toContain('<p>Hi there, welcome!</p>');
      expect(mail.text, name).toContain('Hi there, welcome!');
      expect(mail.subject, name).toBe('For there');
    }
    // A real name that looks like Markdown syntax stays text: it never meets the parser.
    const dash = render('{{first_name}}\n\n# {{first_name}}', '- Ada');
    expect(content(dash.html)).toContain('<p>- Ada</p>');
    expect(content(dash.html)).toContain('<h1>- Ada</h1>');
    expect(content(render('Hi {{first_name}}', "O'Brien").html)).toContain('<p>Hi O&#39;Brien</p>');
  });

  it('never puts a name into a link address', () => {
    const html = content(
      render('[profile](https://example.org/u/{{first_name}}) and {{first_name}}.com').html,
    );
    expect(html).toContain('href="https://example.org/u/"');
    expect(html).toContain('Ada.com');
    expect(html).not.toMatch(/href="[^"]*Ada/);
  });

  it('portal values read as text, not syntax; unknown variables stay as typed', () => {
    const mail = render('Welcome to {{event}}! {{ unknown }}', 'Ada', 'x', {
      ...VALUES,
      event: 'Hack *Bay* <2025>',
    });
    expect(content(mail.html)).toContain('Welcome to Hack *Bay* &lt;2025&gt;! {{ unknown }}');
    expect(mail.text).toContain('Welcome to Hack *Bay* <2025>!');
  });

  it('a subject is one line', () => {
    expect(render('x', 'Ada', 'Line one\r\nLine two {{first_name}}').subject).toBe('Line one Line two Ada');
  });

  it('the private-use character of the name slot typed by an admin cannot inject a name', () => {
    const html = content(render('a\uE000b [x](https://e.example/\uE000)', 'Ada').html);
    expect(html).toContain('ab');
    expect(html).not.toContain('Ada');
  });
});
