import { describe, expect, it } from 'vitest';
import {
  applicationStatusView,
  decisionsReleasedFor,
  shouldCelebrate,
  shouldPollApplication,
  UNDER_REVIEW_MESSAGE,
} from './application-status';

const base = { applyPath: '/mentor-apply', viewPath: '/view-application', eventName: 'Test Hacks I' };
const viewOf = (status: string, released: boolean) => applicationStatusView({ ...base, status, released });

describe('dashboard status card', () => {
  it('not_started: gray "Not Started", Start Application to the role\'s form', () => {
    const v = viewOf('not_started', false);
    expect([v.label, v.tone]).toEqual(['Not Started', 'gray']);
    expect(v.action).toEqual({ label: 'Start Application', to: '/mentor-apply' });
  });

  it('in_progress: yellow "In Progress", Resume Application to the role\'s form', () => {
    const v = viewOf('in_progress', true);
    expect([v.label, v.tone]).toEqual(['In Progress', 'yellow']);
    expect(v.action).toEqual({ label: 'Resume Application', to: '/mentor-apply' });
  });

  it.each(['submitted', 'accepted', 'rejected', 'waitlisted'])(
    '%s before release reads "Under Review" with the review message',
    (status) => {
      const v = viewOf(status, false);
      expect(v.label).toBe('Under Review');
      expect(v.message).toBe(UNDER_REVIEW_MESSAGE);
      expect(v.message).toBe(
        "Your application is under review. You'll be notified when decisions are released.",
      );
      expect(v.action).toEqual({ label: 'View Application', to: '/view-application' });
    },
  );

  it('released decisions show their own label, colour and message', () => {
    const submitted = viewOf('submitted', true);
    expect([submitted.label, submitted.tone]).toEqual(['Submitted', 'blue']);
    expect(submitted.message).toMatch(/decision is coming shortly/);

    const accepted = viewOf('accepted', true);
    expect([accepted.label, accepted.tone]).toEqual(['Accepted', 'green']);
    expect(accepted.message).toMatch(/^Congratulations!/);
    expect(accepted.message).toContain('Test Hacks I');

    const rejected = viewOf('rejected', true);
    expect([rejected.label, rejected.tone]).toEqual(['Rejected', 'red']);
    expect(rejected.message).toMatch(/regret/);

    const waitlisted = viewOf('waitlisted', true);
    expect([waitlisted.label, waitlisted.tone]).toEqual(['Waitlisted', 'orange']);
    expect(waitlisted.message).toMatch(/waitlist/);

    for (const v of [submitted, accepted, rejected, waitlisted]) {
      expect(v.action).toEqual({ label: 'View Application', to: '/view-application' });
    }
  });

  it('anything else is a gray "Unknown"', () => {
    for (const status of ['admin', '', 'pending']) {
      const v = viewOf(status, true);
      expect([v.label, v.tone]).toEqual(['Unknown', 'gray']);
    }
  });

  it('not_started and in_progress are never "Under Review"', () => {
    expect(viewOf('not_started', false).label).toBe('Not Started');
    expect(viewOf('in_progress', false).label).toBe('In Progress');
  });
});

describe('polling and celebration', () => {
  it('polls only once the application has been sent', () => {
    expect(['submitted', 'accepted', 'rejected', 'waitlisted'].map(shouldPollApplication)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['not_started', 'in_progress', 'admin'].map(shouldPollApplication)).toEqual([false, false, false]);
  });

  it('celebrates a released acceptance once: not before release, not twice, never after an RSVP', () => {
    const accepted = { status: 'accepted', rsvp_status: null, celebrated: false } as const;
    expect(shouldCelebrate(accepted, true)).toBe(true);
    expect(shouldCelebrate(accepted, false)).toBe(false);
    expect(shouldCelebrate({ ...accepted, status: 'waitlisted' }, true)).toBe(false);
    // Already celebrated, on this device or another.
    expect(shouldCelebrate({ ...accepted, celebrated: true }, true)).toBe(false);
    // Declined: nothing to cheer. Confirmed: the check-in code matters more than a party.
    expect(shouldCelebrate({ ...accepted, rsvp_status: 'declined' }, true)).toBe(false);
    expect(shouldCelebrate({ ...accepted, rsvp_status: 'accepted' }, true)).toBe(false);
    expect(shouldCelebrate(null, true)).toBe(false);
    expect(shouldCelebrate(undefined, true)).toBe(false);
  });
});

describe('decisions released for the role', () => {
  const settings = { hacker_decisions_released: true, mentor_decisions_released: false };

  it('the application decides when there is one', () => {
    expect(
      decisionsReleasedFor({ role: 'hacker', application: { decisions_released: false }, settings }),
    ).toBe(false);
    expect(
      decisionsReleasedFor({ role: 'mentor', application: { decisions_released: true }, settings }),
    ).toBe(true);
  });

  it('else the public flag of the role', () => {
    expect(decisionsReleasedFor({ role: 'hacker', application: null, settings })).toBe(true);
    expect(decisionsReleasedFor({ role: 'mentor', application: null, settings })).toBe(false);
    expect(decisionsReleasedFor({ role: 'admin', application: null, settings })).toBe(false);
  });

  it('nothing known means not released', () => {
    expect(decisionsReleasedFor({ role: 'hacker', application: undefined, settings: undefined })).toBe(false);
  });
});

describe('an expired offer (issue 17)', () => {
  it('reads "Expired", grey, and never invites an RSVP', () => {
    const v = applicationStatusView({ ...base, status: 'accepted', released: true, offerExpired: true });
    expect([v.label, v.tone]).toEqual(['Expired', 'gray']);
    expect(v.message).toContain('has expired');
    expect(v.message).not.toContain("can't wait to see you");
    expect(v.action).toEqual({ label: 'View Application', to: '/view-application' });
  });

  it('only an accepted applicant\'s offer expires; before release it is still "Under Review"', () => {
    const w = applicationStatusView({ ...base, status: 'waitlisted', released: true, offerExpired: true });
    expect(w.label).toBe('Waitlisted');
    const hidden = applicationStatusView({
      ...base,
      status: 'accepted',
      released: false,
      offerExpired: true,
    });
    expect(hidden.label).toBe('Under Review');
  });

  it('is not celebrated', () => {
    const app = { status: 'accepted', rsvp_status: null, celebrated: false } as const;
    expect(shouldCelebrate(app, true)).toBe(true);
    expect(shouldCelebrate({ ...app, offer: { due_at: null, expired: true } }, true)).toBe(false);
    expect(shouldCelebrate({ ...app, offer: { due_at: '2025-08-16T03:59:59Z', expired: false } }, true)).toBe(
      true,
    );
  });
});
