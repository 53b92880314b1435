import { describe, expect, it } from 'vitest';
import type { DecisionsPreview } from '@lanyard/shared/admin';
import { releaseNote, releaseSummary, releaseToast } from './release-summary';

const preview: DecisionsPreview = {
  role: 'hacker',
  released: false,
  applicants: 412,
  counts: { accepted: 300, waitlisted: 62, rejected: 50 },
  emails: 410,
  email_counts: { accepted: 298, waitlisted: 62, rejected: 50 },
  samples: [],
};

describe('release wording', () => {
  it('says who sees what and how many e-mails go out', () => {
    expect(releaseSummary('hacker', { ...preview, emails: 412 }, true)).toBe(
      '412 hacker applicants will see their decision: 300 accepted, 62 waitlisted, 50 rejected. 412 e-mails will be sent.',
    );
    expect(releaseNote(preview, true)).toBe(
      '2 applicants were already told of this decision and will not be e-mailed again.',
    );
    expect(releaseSummary('mentor', { ...preview, applicants: 1, emails: 1 }, false)).toMatch(
      /^1 mentor applicant will see .* No e-mails will be sent: /,
    );
    expect(releaseNote(preview, false)).toBeNull();
  });

  it('the toast reports what the server did, and a change since the preview', () => {
    const result = {
      role: 'hacker' as const,
      released: true,
      affected: 413,
      counts: preview.counts,
      emails_queued: 411,
      announced_without_email: 0,
    };
    expect(releaseToast(result, 410, true)).toBe(
      'Hacker decisions are now visible to 413 applicants with a finalized decision. 411 e-mails queued. Decisions changed since the preview (it counted 410 e-mails).',
    );
    expect(releaseToast({ ...result, emails_queued: 0, announced_without_email: 410 }, 410, false)).toBe(
      'Hacker decisions are now visible to 413 applicants with a finalized decision. No e-mails were sent.',
    );
  });
});
