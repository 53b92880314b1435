import { describe, expect, it } from 'vitest';
import { testEvent } from '@/testing';
import { buildTimeline, progressFor } from './timeline';

const event = testEvent;

function states(role: string, status: string): Record<string, string> {
  return Object.fromEntries(buildTimeline(role, status, event).map((s) => [s.id, s.state]));
}

describe('timeline step states', () => {
  it('not_started: opened done, started current, the rest ahead', () => {
    expect(states('hacker', 'not_started')).toEqual({
      opened: 'done',
      started: 'current',
      submitted: 'upcoming',
      deadline: 'upcoming',
      decisions: 'upcoming',
      confirmation: 'upcoming',
      event: 'upcoming',
    });
  });

  it('in_progress: opened and started done, submitted current', () => {
    const s = states('hacker', 'in_progress');
    expect([s.opened, s.started, s.submitted, s.decisions]).toEqual(['done', 'done', 'current', 'upcoming']);
  });

  it('submitted: first three done, decisions current, deadline still ahead', () => {
    const s = states('hacker', 'submitted');
    expect([s.opened, s.started, s.submitted]).toEqual(['done', 'done', 'done']);
    expect(s.deadline).toBe('upcoming');
    expect(s.decisions).toBe('current');
    expect(s.confirmation).toBe('upcoming');
  });

  it('accepted: decisions done, confirmation current', () => {
    const s = states('hacker', 'accepted');
    expect([s.opened, s.started, s.submitted, s.deadline, s.decisions]).toEqual([
      'done',
      'done',
      'done',
      'done',
      'done',
    ]);
    expect(s.confirmation).toBe('current');
    expect(s.event).toBe('upcoming');
  });

  it('rejected: decisions done, nothing current', () => {
    const steps = buildTimeline('hacker', 'rejected', event);
    expect(steps.filter((s) => s.state === 'current')).toEqual([]);
    expect(steps.find((s) => s.id === 'decisions')?.state).toBe('done');
    expect(steps.find((s) => s.id === 'confirmation')?.state).toBe('upcoming');
  });

  it('waitlisted applicants confirm like accepted ones', () => {
    expect(progressFor('waitlisted')).toEqual(progressFor('accepted'));
  });

  it('an unknown status marks nothing', () => {
    expect(buildTimeline('hacker', 'admin', event).every((s) => s.state === 'upcoming')).toBe(true);
  });

  it('exactly one current step for every in-flight status', () => {
    for (const status of ['not_started', 'in_progress', 'submitted', 'accepted', 'waitlisted']) {
      expect(buildTimeline('hacker', status, event).filter((s) => s.state === 'current')).toHaveLength(1);
    }
  });
});

describe('timeline variants', () => {
  it('hacker: dates from the event config, seven steps, ends with the Hackathon', () => {
    const steps = buildTimeline('hacker', 'not_started', event);
    expect(steps.map((s) => s.title)).toEqual([
      'Applications Opened',
      'Application Started',
      'Application Submitted',
      'Application Deadline',
      'Expected Decisions',
      'Confirmation (RSVP) Deadline',
      'Hackathon',
    ]);
    expect(steps.map((s) => s.date)).toEqual([
      'July 3, 2025',
      undefined,
      undefined,
      'August 18, 2025',
      'Early August',
      'Mid August',
      'Sept 19-21, 2025',
    ]);
  });

  it('mentor: rolling deadline and "Mentor at Hackathon!"', () => {
    const steps = buildTimeline('mentor', 'not_started', event);
    expect(steps.find((s) => s.id === 'deadline')?.date).toBe('ASAP Rolling');
    expect(steps.at(-1)?.title).toBe('Mentor at Hackathon!');
    expect(steps.at(-1)?.date).toBe('Sept 19-21, 2025');
  });
});
