import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventConfigSchema } from '@lanyard/shared/event';
import { DEFAULT_RETENTION_SETTINGS } from '@lanyard/shared/retention';
import { loadConfig } from '../../config';
import { renderPolicy } from './policy';

// A temporary DATA_DIR and a secret: loadConfig would otherwise make one under ./data.
const base = loadConfig({
  LOG_LEVEL: 'silent',
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-policy-')),
  SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
}).event;
const withPolicy = (policyMarkdown?: string) =>
  eventConfigSchema.parse({ ...base, privacy: { ...base.privacy, policyMarkdown } });

describe('the privacy page', () => {
  it('says what is collected, who sees it, how long it is kept and how to export or delete', () => {
    const { html, custom } = renderPolicy(withPolicy(), DEFAULT_RETENTION_SETTINGS);
    expect(custom).toBe(false);
    for (const words of [
      'What we collect',
      'Who sees it',
      'Reviewers',
      'only if you consent',
      '90 days',
      'Download my data',
      'Delete my account',
    ])
      expect(html).toContain(words);
    expect(html).toContain(`mailto:${base.contactEmail}`);
  });

  it('states the retention settings as saved, and a rule turned off', () => {
    const { html } = renderPolicy(withPolicy(), {
      resume_days: 45,
      non_attendee_days: null,
      unverified_days: 14,
    });
    expect(html).toContain('resumes are deleted 45 days after the event');
    expect(html).toContain('14 days after sign-up');
    expect(html).toContain('only when you or an organiser delete them');
    expect(html).not.toContain('90 days');
  });

  it("renders the organisers' Markdown with HTML, unsafe links and images left out", () => {
    const { html, custom } = renderPolicy(
      withPolicy(
        '# Ours\n\n<script>alert(1)</script> [x](javascript:alert(1)) ![t](https://tracker.example/p.gif) [ok](https://example.org)',
      ),
      DEFAULT_RETENTION_SETTINGS,
    );
    expect(custom).toBe(true);
    expect(html).not.toMatch(/<script|<img|href="javascript:/);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('href="https://example.org"');
  });
});
