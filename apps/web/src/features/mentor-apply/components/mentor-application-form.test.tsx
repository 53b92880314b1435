import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formQuestions } from '@lanyard/shared/questions';
import { renderWithProviders } from '@/testing';
import { MentorApplicationForm } from './mentor-application-form';

const complete = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+1 555 010 0199',
  title: 'Engineer',
  affiliation: 'Analytical Engines',
  mentorAvailability: 'yes',
  judgeAvailability: 'likely',
  workshopInterest: 'no',
  onsiteAvailability: 'hybrid',
  programmingLanguages: ['Python', 'Zig'],
  whyGoodFit: 'I like helping.',
  termsAccepted: true,
  mlhTermsAccepted: true,
};

interface Call {
  url: string;
  method: string;
  body: unknown;
}

const UNVERIFIED =
  'Please verify your email address before you submit. Open the link we emailed you, or choose "Resend verification email" on your dashboard to get a new one. Your answers are kept.';

function serve(opts: { unverified?: boolean } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ url, method, body });
      if (url === '/api/applications/draft' && method === 'PUT') {
        return Promise.resolve(
          Response.json({
            draft: { role: 'mentor', answers: {}, resume: null, updated_at: new Date().toISOString() },
          }),
        );
      }
      if (url === '/api/applications/mentor' && opts.unverified) {
        return Promise.resolve(
          Response.json({ error: UNVERIFIED, code: 'email_unverified' }, { status: 403 }),
        );
      }
      if (url === '/api/applications/mentor') {
        return Promise.resolve(
          Response.json(
            {
              application: {
                _id: 'a1',
                role: 'mentor',
                status: 'submitted',
                under_review: false,
                decisions_released: false,
                email: 'm@example.org',
                submitted_at: '2025-07-10T12:00:00.000Z',
                updated_at: '2025-07-10T12:00:00.000Z',
                resume: null,
                answers: {},
                rsvp_status: null,
                rsvp_details: null,
                celebrated: false,
              },
            },
            { status: 201 },
          ),
        );
      }
      return Promise.resolve(Response.json({ user: null }, { status: 401 }));
    }),
  );
  return calls;
}

function renderForm(saved: Record<string, unknown> | null = null, emailVerified = true) {
  const { router } = renderWithProviders(
    [
      {
        path: '/mentor-apply',
        element: (
          <MentorApplicationForm
            email="m@example.org"
            emailVerified={emailVerified}
            draftAnswers={saved}
            draftResume={null}
          />
        ),
      },
      { path: '/mentor-submission-success', element: <p>Success page</p> },
    ],
    { path: '/mentor-apply' },
  );
  return router;
}

beforeEach(() => {
  // jsdom lays nothing out; the form scrolls to the first invalid answer.
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('MentorApplicationForm', () => {
  it('restores a draft, custom entries included, with the e-mail read-only', () => {
    serve();
    renderForm(complete);
    expect(screen.getByLabelText(/^First name/)).toHaveProperty('value', 'Ada');
    expect(screen.getByLabelText('Email')).toHaveProperty('readOnly', true);
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'm@example.org');
    const languages = screen.getByRole('group', { name: /^Programming languages/ });
    expect(within(languages).getByRole('button', { name: 'Python' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(languages).getByRole('button', { name: 'Remove Zig' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Hybrid' })).toHaveProperty('checked', true);
  });

  it('has a control named after every mentor question of the catalogue', () => {
    serve();
    renderForm();
    const form = screen.getByRole('form', { name: 'Mentor application' });
    const missing = formQuestions('mentor')
      .map((q) => q.key)
      .filter((key) => !form.querySelector(`[name="${key}"]`));
    expect(
      missing,
      'catalogue questions with no control of that name: add one to mentor-application-form.tsx',
    ).toEqual([]);
  });

  it('an empty submit says "Missing Information" and sends nothing', async () => {
    const calls = serve();
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Missing Information')).toBeTruthy();
    expect(screen.getByText('Please fill in all required fields.')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/applications/mentor')).toEqual([]);
  });

  it('unanswered availability: "Please answer all availability questions."', async () => {
    serve();
    renderForm({ ...complete, judgeAvailability: undefined });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Please answer all availability questions.')).toBeTruthy();
  });

  it('custom entries: Enter or Add; blanks and duplicates ignored; removable', () => {
    serve();
    renderForm();
    const group = screen.getByRole('group', { name: /^Databases/ });
    const input = within(group).getByLabelText('Add another database');
    fireEvent.change(input, { target: { value: 'CockroachDB' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'cockroachdb' } });
    fireEvent.click(within(group).getByRole('button', { name: 'Add to databases' }));
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(
      within(group)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['CockroachDB']);
    fireEvent.change(input, { target: { value: 'redis' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(within(group).getByRole('button', { name: 'Redis' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(group).getByRole('button', { name: 'Remove CockroachDB' }));
    expect(within(group).queryAllByRole('listitem')).toEqual([]);
  });

  it('the word counter flags more than 150 words', async () => {
    serve();
    renderForm({ ...complete, whyGoodFit: Array.from({ length: 151 }, () => 'word').join(' ') });
    expect(screen.getByText('151 / 150 words (over the limit)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Word Limit Exceeded')).toBeTruthy();
    // In the toast and under the field.
    expect(screen.getAllByText('Why are you a good fit question must be 150 words or less.')).toHaveLength(2);
  });

  it('saves a draft about a second after typing stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serve();
    renderForm();
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: 'Gr' } });
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: 'Grace' } });
    act(() => vi.advanceTimersByTime(900));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(screen.getAllByText('Saved').length).toBeGreaterThan(0));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toMatchObject({
      role: 'mentor',
      answers: { firstName: 'Grace' },
      resume_url: null,
    });
  });

  it('confirms, submits the answers and goes to the success page', async () => {
    const calls = serve();
    const router = renderForm(complete);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mentor-submission-success'));
    const post = calls.find((c) => c.url === '/api/applications/mentor');
    expect(post?.body).toMatchObject({
      firstName: 'Ada',
      programmingLanguages: ['Python', 'Zig'],
      onsiteAvailability: 'hybrid',
      termsAccepted: true,
    });
    expect(post?.body).not.toHaveProperty('resume_url');
    expect(await screen.findByText('Your mentor application has been submitted.')).toBeTruthy();
    // No draft save after the submit.
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('unverified: says so above the form, and a refused submit keeps the answers and shows why', async () => {
    serve({ unverified: true });
    const router = renderForm(complete, false);
    const banner = screen.getByRole('region', { name: 'Verify your email before you submit' });
    expect(banner.textContent).toContain('m@example.org');
    expect(within(banner).getByRole('button', { name: 'Resend verification email' })).toBeTruthy();
    expect(renderedWithoutBanner()).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText(UNVERIFIED)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mentor-apply');
    expect(screen.getByLabelText(/^First name/)).toHaveProperty('value', 'Ada');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("asks in sentence case under Title Case sections, with the hacker form's e-mail hint", () => {
    serve();
    renderForm();
    const form = screen.getByRole('form', { name: 'Mentor application' });
    expect(
      within(form)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['About You', 'Availability', 'Skills and Experience', 'Tell Us More', 'Terms']);
    for (const name of ['First name', 'Last name', 'Phone number', 'Title', 'Affiliation', 'Work email']) {
      expect(screen.getByRole('textbox', { name })).toBeTruthy();
    }
    for (const legend of ['Areas of expertise', 'Programming languages', 'Build tools']) {
      expect(screen.getByRole('group', { name: new RegExp(`^${legend}`) })).toBeTruthy();
    }
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'From your account; it cannot be changed here.',
    );
  });

  it('a refused submit: the shared submit bar counts the answers and the first one gets the focus', async () => {
    serve();
    renderForm({ ...complete, phone: '', onsiteAvailability: undefined });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('2 answers need your attention.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Phone number' })),
    );
  });

  it("confirms in the hacker form's dialog, and Cancel goes back to the answers", async () => {
    const calls = serve();
    renderForm(complete);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit your application?' });
    expect(dialog.textContent).toContain(
      'Once you submit, your responses cannot be edited. Please check your answers before you continue.',
    );
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Cancel', 'Submit Application', 'Close']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.url === '/api/applications/mentor')).toEqual([]);
  });

  it('takes its optional resume in the shared uploader, refusing more than 5MB before upload', async () => {
    const calls = serve();
    renderForm();
    const input = screen.getByLabelText('Resume');
    expect(input.getAttribute('aria-required')).toBeNull();
    expect(document.getElementById('resume-hint')?.textContent).toBe(
      'Optional. PDF, DOC or DOCX, up to 5 MB. It uploads as soon as you choose it.',
    );
    const big = new File(['%PDF'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('Please upload a file smaller than 5MB.')).toBeTruthy();
    expect(screen.getByText('File Too Large')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload resume' })).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/upload'))).toEqual([]);
  });

  it('verified: no banner', () => {
    serve();
    renderForm(complete);
    expect(renderedWithoutBanner()).toBe(true);
  });
});

function renderedWithoutBanner(): boolean {
  return screen.queryByRole('button', { name: 'Resend verification email' }) === null;
}
