import type { EventConfig } from '@lanyard/shared/event';

export type StepState = 'done' | 'current' | 'upcoming';

export interface TimelineStep {
  id: StepId;
  title: string;
  date?: string;
  /** Date markers (the deadline) carry a date but no progress of their own. */
  marker: boolean;
  state: StepState;
}

type StepId = 'opened' | 'started' | 'submitted' | 'deadline' | 'decisions' | 'confirmation' | 'event';

/** The steps that track progress, in order; the deadline is a date marker between them. */
const PROGRESS_STEPS = ['opened', 'started', 'submitted', 'decisions', 'confirmation', 'event'] as const;
type ProgressStep = (typeof PROGRESS_STEPS)[number];

/**
 * Step state from the applicant's status:
 * not_started: opened done, started current; in_progress: opened and started done, submitted current;
 * submitted: first three done, decisions current; accepted: first four done, confirmation current;
 * rejected: first four done, none current. Waitlisted applicants also confirm (RSVP), so they follow accepted.
 */
export function progressFor(status: string): { done: number; current: ProgressStep | null } {
  switch (status) {
    case 'not_started':
      return { done: 1, current: 'started' };
    case 'in_progress':
      return { done: 2, current: 'submitted' };
    case 'submitted':
      return { done: 3, current: 'decisions' };
    case 'accepted':
    case 'waitlisted':
      return { done: 4, current: 'confirmation' };
    case 'rejected':
      return { done: 4, current: null };
    default:
      return { done: 0, current: null };
  }
}

export function buildTimeline(role: string, status: string, event: EventConfig): TimelineStep[] {
  const isMentor = role === 'mentor';
  const { done, current } = progressFor(status);
  const doneSteps = new Set<string>(PROGRESS_STEPS.slice(0, done));
  const stateOf = (id: ProgressStep): StepState =>
    doneSteps.has(id) ? 'done' : current === id ? 'current' : 'upcoming';
  // Once decisions are out the deadline is behind everyone; before that it is still ahead.
  const deadlineState: StepState = doneSteps.has('decisions') ? 'done' : 'upcoming';

  return [
    {
      id: 'opened',
      title: 'Applications Opened',
      date: event.dates.applicationsOpen,
      marker: false,
      state: stateOf('opened'),
    },
    { id: 'started', title: 'Application Started', marker: false, state: stateOf('started') },
    { id: 'submitted', title: 'Application Submitted', marker: false, state: stateOf('submitted') },
    {
      id: 'deadline',
      title: 'Application Deadline',
      date: isMentor ? event.dates.mentorDeadline : event.dates.applicationDeadline,
      marker: true,
      state: deadlineState,
    },
    {
      id: 'decisions',
      title: 'Expected Decisions',
      date: event.dates.expectedDecisions,
      marker: false,
      state: stateOf('decisions'),
    },
    {
      id: 'confirmation',
      title: 'Confirmation (RSVP) Deadline',
      date: event.dates.rsvpDeadline,
      marker: false,
      state: stateOf('confirmation'),
    },
    {
      id: 'event',
      title: isMentor ? 'Mentor at Hackathon!' : 'Hackathon',
      date: event.dates.event,
      marker: false,
      state: stateOf('event'),
    },
  ];
}
