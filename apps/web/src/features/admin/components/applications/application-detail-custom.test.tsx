import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { AdminApplicationDetail } from '@lanyard/shared/admin';
import { renderWithProviders } from '@/testing';
import type { DetailNavigation } from '../../hooks/use-detail-navigation';
import { ApplicationDetailDialog } from './application-detail-dialog';

// The custom questions' answers (issue 19) in the admin's detail dialog, in their sections.

// jsdom has no CSS.escape; the dialog uses it to give the focus back to the table as it closes
// (after the test, as it unmounts).
globalThis.CSS ??= { escape: (s: string) => s } as typeof CSS;

const ID = '11111111-1111-4111-8111-111111111111';

const detail: AdminApplicationDetail = {
  _id: ID,
  user_id: '22222222-2222-4222-8222-222222222222',
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.org',
  role: 'hacker',
  status: 'submitted',
  university: 'Riverside',
  major: 'CS',
  is_high_school: false,
  resume_url: null,
  portfolio_url: null,
  submitted_at: '2025-07-10T12:00:00.000Z',
  updated_at: '2025-07-10T12:00:00.000Z',
  rsvp_status: null,
  preferred_name: null,
  school_name: null,
  pronoun: null,
  review: {
    review_count: 0,
    reviews_needed: 2,
    score_raw: null,
    score_calibrated: null,
    score: null,
    rank: null,
    flags: [],
    disputed: false,
  },
  answers: {
    firstName: 'Grace',
    lastName: 'Hopper',
    shirtSize: 'm',
    backgroundQuestion: 'Compilers.',
  },
  access_code_used: null,
  linkedin_url: null,
  github_url: null,
  liability_waiver_accepted: null,
  photo_clearance_accepted: null,
  photo_sharing_opt_out: null,
  history: [],
  custom: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      section: 'personal',
      label: 'Pronouns',
      text: 'she/her',
      reviewer_visible: true,
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      section: 'essays',
      label: 'Proudest hack',
      text: '<b>COBOL</b>',
      reviewer_visible: false,
    },
  ],
};

const navigation: DetailNavigation = {
  viewing: ID,
  open: () => {},
  close: () => {},
  position: null,
  moving: false,
  current: () => ID,
  isMoving: () => false,
  previous: () => {},
  next: () => {},
  peekNext: () => Promise.resolve(null),
  settleOn: () => Promise.resolve(),
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ApplicationDetailDialog with custom answers', () => {
  it('shows each after the built-in answers of its section, as plain text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        Promise.resolve(
          String(input) === `/api/admin/applications/${ID}`
            ? Response.json(detail)
            : Response.json({ error: 'Not here' }, { status: 404 }),
        ),
      ),
    );
    renderWithProviders(<ApplicationDetailDialog navigation={navigation} />);
    const answers = await screen.findByRole('region', { name: 'Application' });
    const terms = within(answers)
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    expect(terms.indexOf('Pronouns')).toBe(terms.indexOf('Shirt Size') + 1);
    expect(within(answers).getByText('she/her')).toBeTruthy();
    const essays = within(answers).getAllByRole('heading', { level: 4 });
    expect(essays.at(-1)?.textContent).toBe('Proudest hack');
    expect(essays.at(-1)?.nextElementSibling?.textContent).toBe('<b>COBOL</b>');
  });
});
