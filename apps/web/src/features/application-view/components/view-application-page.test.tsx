import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { MyApplication } from '@lanyard/shared/application';
import { renderWithProviders } from '@/testing';
import { ViewApplicationPage } from './view-application-page';

function app(role: 'hacker' | 'mentor', answers: Record<string, unknown>): MyApplication {
  return {
    _id: 'a1',
    role,
    status: 'submitted',
    under_review: false,
    decisions_released: false,
    email: 'me@example.org',
    submitted_at: '2025-07-10T12:00:00.000Z',
    updated_at: '2025-07-10T12:00:00.000Z',
    resume: null,
    answers,
    rsvp_status: null,
    rsvp_details: null,
    celebrated: false,
  };
}

function serve(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(Response.json(body, { status }))),
  );
}

function renderPage() {
  renderWithProviders(
    [
      { path: '/view-application', element: <ViewApplicationPage /> },
      { path: '/dashboard', element: <p>Dashboard</p> },
    ],
    { path: '/view-application' },
  );
}

/** The value shown for a label inside a section. */
function valueOf(section: string, label: string): string | null {
  const region = screen.getByRole('region', { name: section });
  const term = within(region).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ViewApplicationPage', () => {
  it('shows "Loading application..." first', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Loading application...');
  });

  it('no application: "No application found." and a way back', async () => {
    serve(200, { application: null });
    renderPage();
    expect(await screen.findByText('No application found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back/ }).getAttribute('href')).toBe('/dashboard');
  });

  it('a failure: "Error: <message>"', async () => {
    serve(403, { error: 'Not allowed here.', code: 'forbidden' });
    renderPage();
    expect(await screen.findByText('Error: Not allowed here.')).toBeTruthy();
  });

  it('a hacker application, with labels and "Not provided"', async () => {
    serve(200, {
      application: app('hacker', {
        firstName: 'Grace',
        lastName: 'Hopper',
        phone: '555-0100',
        gender: 'prefer-not-to-say',
        race: 'black',
        shirtSize: 'xl',
        university: 'Riverside High',
        major: 'Undeclared',
        graduationYear: '2027',
        isHighSchool: true,
        highSchoolYear: 'junior',
        backgroundQuestion: 'Line one\nLine two',
        householdObjectQuestion: 'A lamp.',
        whyAttendQuestion: 'To build.',
        travelFrom: 'Newark, NJ',
        needsVisa: false,
        needsAccommodation: true,
        dietaryRestrictions: '',
        howDidYouHear: 'A friend',
        portfolio: '',
      }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Application' })).toBeTruthy();
    expect(valueOf('Personal Information', 'Email')).toBe('me@example.org');
    expect(valueOf('Personal Information', 'Gender')).toBe('Prefer not to say');
    expect(valueOf('Personal Information', 'Race / Ethnicity')).toBe('Black or African American');
    expect(valueOf('Personal Information', 'Date of Birth')).toBe('Not provided');
    expect(valueOf('Personal Information', 'Shirt Size')).toBe('XL');
    expect(valueOf('Academic Information', 'Year in High School')).toBe('Junior');
    expect(valueOf('Additional Information', 'Needs Visa Sponsorship')).toBe('No');
    expect(valueOf('Additional Information', 'Needs Accommodations')).toBe('Yes');
    expect(valueOf('Additional Information', 'Dietary Restrictions')).toBe('Not provided');
    expect(valueOf('Links', 'Portfolio or GitHub')).toBe('Not provided');
    const essays = screen.getByRole('region', { name: 'Essay Questions' });
    expect(within(essays).getAllByRole('heading', { name: /\(200 words max\)$/, level: 3 })).toHaveLength(2);
    expect(within(essays).getByText(/\(50 words max\)/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Resume' }).textContent).toContain('Not provided');
  });

  it('a college hacker has no high-school year, and a birth date shows as M/D/Y', async () => {
    serve(200, {
      application: app('hacker', { isHighSchool: false, birthMonth: 3, birthDay: 9, birthYear: 2001 }),
    });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Your Application' });
    expect(valueOf('Personal Information', 'Date of Birth')).toBe('3/9/2001');
    expect(screen.queryByText('Year in High School')).toBeNull();
  });

  it('a mentor application shows the mentor answers, custom list entries included', async () => {
    serve(200, {
      application: {
        ...app('mentor', {
          firstName: 'Ada',
          lastName: 'Lovelace',
          title: 'Engineer',
          affiliation: 'Engines Ltd',
          workEmail: '',
          mentorAvailability: 'likely',
          judgeAvailability: 'no',
          workshopInterest: 'yes',
          onsiteAvailability: 'virtual',
          programmingLanguages: ['Python', 'Zig'],
          whyGoodFit: 'I mentor.',
        }),
        resume: {
          file_url: '/api/upload/file/x',
          name: 'x',
          original_name: 'ada.pdf',
          size: 10,
          content_type: 'application/pdf',
        },
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Application' })).toBeTruthy();
    expect(valueOf('Professional Information', 'Work Email')).toBe('Not provided');
    expect(valueOf('Availability', 'Available to mentor?')).toBe('Likely');
    expect(valueOf('Availability', 'How will you take part?')).toBe('Virtual');
    expect(valueOf('Skills and Experience', 'Programming Languages')).toBe('PythonZig');
    expect(valueOf('Skills and Experience', 'Databases')).toBe('Not provided');
    const resume = screen.getByRole('region', { name: 'Resume' });
    expect(within(resume).getByText('ada.pdf')).toBeTruthy();
    expect(within(resume).getByRole('button', { name: /View Resume/ })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Academic Information' })).toBeNull();
  });

  it('shows the custom answers in their sections, after the built-in ones, as plain text', async () => {
    const custom = (n: number, section: string, label: string, text: string) => ({
      id: `00000000-0000-4000-8000-00000000000${n}`,
      section,
      label,
      text,
      reviewer_visible: n !== 2,
    });
    serve(200, {
      application: {
        ...app('hacker', { firstName: 'Grace', shirtSize: 'xl', whyAttendQuestion: 'To build.' }),
        custom: [
          custom(1, 'personal', 'Pronouns', 'she/her'),
          custom(
            2,
            'essays',
            'Your **proudest** hack',
            '<b>The compiler</b>\nwith [a link](https://x.example)',
          ),
          custom(3, 'personal', 'Team name', ''),
        ],
      },
    });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Your Application' });
    const personal = screen.getByRole('region', { name: 'Personal Information' });
    const labels = within(personal)
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    expect(labels.slice(-3)).toEqual(['Shirt Size', 'Pronouns', 'Team name']);
    expect(valueOf('Personal Information', 'Pronouns')).toBe('she/her');
    expect(valueOf('Personal Information', 'Team name')).toBe('Not provided');
    const essays = screen.getByRole('region', { name: 'Essay Questions' });
    const questions = within(essays).getAllByRole('heading', { level: 3 });
    expect(questions.at(-1)?.textContent).toBe('Your **proudest** hack');
    expect(questions.at(-1)?.nextElementSibling?.textContent).toBe(
      '<b>The compiler</b>\nwith [a link](https://x.example)',
    );
    expect(within(essays).queryByRole('link')).toBeNull();
  });
});
