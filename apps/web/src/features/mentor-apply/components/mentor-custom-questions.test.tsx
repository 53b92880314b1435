import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomQuestion } from '@lanyard/shared/questions/custom';
import { renderWithProviders, testCustomQuestion as question, testQuestionId as qid } from '@/testing';
import { MentorApplicationForm } from './mentor-application-form';

// Custom questions in the mentor form (issue 19): drawn by type, checked as the server checks
// them, kept in the draft under `custom`, sent only when the role has any.

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
  whyGoodFit: 'I like helping.',
  termsAccepted: true,
  mlhTermsAccepted: true,
};

const EVERY_TYPE: CustomQuestion[] = [
  question(
    {
      type: 'short_text',
      label: 'Team **name**',
      max_length: 40,
      help: 'See [the page](https://x.example).',
    },
    1,
  ),
  question({ type: 'paragraph', label: 'Your story', word_limit: 50, section: 'essays' }, 2),
  question(
    {
      type: 'single_choice',
      label: 'Track',
      options: [
        { id: 'web', label: 'Web' },
        { id: 'hw', label: 'Hardware' },
      ],
      allow_other: true,
    },
    3,
  ),
  question(
    {
      type: 'single_choice',
      label: 'Region',
      display: 'dropdown',
      options: [
        { id: 'eu', label: 'Europe' },
        { id: 'na', label: 'North America' },
      ],
    },
    4,
  ),
  question(
    {
      type: 'multiple_choice',
      label: 'Languages spoken',
      options: [
        { id: 'en', label: 'English' },
        { id: 'fr', label: 'French' },
      ],
      allow_other: true,
      section: 'skills',
    },
    5,
  ),
  question({ type: 'yes_no', label: 'Have you mentored before?', section: 'professional' }, 6),
  question({ type: 'number', label: 'Years of experience', min: 0, max: 60, integer: true }, 7),
  question({ type: 'date', label: 'Arrival date', section: 'availability' }, 8),
  question({ type: 'url', label: 'Talk recording' }, 9),
  question({ type: 'email', label: 'Manager e-mail', section: 'personal' }, 10),
  question({ type: 'consent', label: 'I accept the photo policy', link_url: 'https://x.example/photos' }, 11),
];

interface Call {
  url: string;
  method: string;
  body: unknown;
}

function serve(submitError?: { status: number; body: unknown }) {
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
      if (url === '/api/applications/mentor') {
        if (submitError)
          return Promise.resolve(Response.json(submitError.body, { status: submitError.status }));
        return Promise.resolve(Response.json({ application: submittedApplication }, { status: 201 }));
      }
      return Promise.resolve(Response.json({ user: null }, { status: 401 }));
    }),
  );
  return calls;
}

const submittedApplication = {
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
};

function renderForm(questions: CustomQuestion[] | undefined, saved: Record<string, unknown> | null = null) {
  return renderWithProviders(
    [
      {
        path: '/mentor-apply',
        element: (
          <MentorApplicationForm
            email="m@example.org"
            emailVerified
            draftAnswers={saved}
            draftResume={null}
            customQuestions={questions}
          />
        ),
      },
      { path: '/mentor-submission-success', element: <p>Success page</p> },
    ],
    { path: '/mentor-apply' },
  ).router;
}

const section = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest<HTMLElement>('[aria-labelledby]')!;

async function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
}

const posted = (calls: Call[]) =>
  calls.find((c) => c.url === '/api/applications/mentor')?.body as Record<string, unknown> | undefined;

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('MentorApplicationForm with custom questions', () => {
  it('draws every type in its section, after the built-in questions', () => {
    serve();
    renderForm(EVERY_TYPE);
    const name = screen.getByRole('textbox', { name: 'Team name' });
    expect(name.getAttribute('maxlength')).toBe('40');
    expect(
      within(name.parentElement!)
        .getByRole('link', { name: /the page/ })
        .getAttribute('href'),
    ).toBe('https://x.example');
    expect(screen.getByText('name', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Your story' }).tagName).toBe('TEXTAREA');
    expect(screen.getByText('0 / 50 words')).toBeTruthy();
    const track = screen.getByRole('group', { name: 'Track' });
    expect(
      within(track)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['Web', 'Hardware', 'Other']);
    expect(screen.getByRole('combobox', { name: 'Region' }).tagName).toBe('SELECT');
    const spoken = screen.getByRole('group', { name: 'Languages spoken' });
    expect(within(spoken).getAllByRole('checkbox')).toHaveLength(3);
    const before = screen.getByRole('group', { name: 'Have you mentored before?' });
    expect(
      within(before)
        .getAllByRole('radio')
        .every((r) => !(r as HTMLInputElement).checked),
    ).toBe(true);
    const years = screen.getByRole('spinbutton', { name: 'Years of experience' });
    expect([years.getAttribute('min'), years.getAttribute('max'), years.getAttribute('step')]).toEqual([
      '0',
      '60',
      '1',
    ]);
    expect(screen.getByLabelText('Arrival date').getAttribute('type')).toBe('date');
    expect(screen.getByLabelText('Talk recording').getAttribute('type')).toBe('url');
    expect(screen.getByLabelText('Manager e-mail').getAttribute('type')).toBe('email');
    const consent = screen.getByRole('checkbox', { name: /I accept the photo policy/ });
    const link = within(consent.parentElement!).getByRole('link');
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
      'https://x.example/photos',
      '_blank',
      'noopener noreferrer',
    ]);

    // Each after its section's own questions: the e-mail after "Work email", the date after the availability.
    const about = section('About You');
    const fields = within(about).getAllByRole('textbox');
    expect(fields.at(-1)).toBe(screen.getByLabelText('Manager e-mail'));
    expect(within(section('Availability')).getByLabelText('Arrival date')).toBeTruthy();
    expect(
      within(section('Skills and Experience')).getByRole('group', { name: 'Languages spoken' }),
    ).toBeTruthy();
    expect(within(section('Tell Us More')).getByRole('spinbutton')).toBe(years);
  });

  it('a required question blocks the submit with its message, on its field, and gets the focus', async () => {
    const calls = serve();
    const required = question({ type: 'short_text', label: 'Team name', required: true }, 1);
    renderForm([required], complete);
    const input = screen.getByRole('textbox', { name: 'Team name' });
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(within(input.parentElement!).getByText('*')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('1 answer needs your attention.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`custom.${qid(1)}-error`)?.textContent).toBe(
      'Team name: this question is required',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted(calls)).toBeUndefined();

    fireEvent.change(input, { target: { value: 'Engines' } });
    await submit();
    await waitFor(() => expect(posted(calls)).toBeDefined());
    expect(posted(calls)?.custom).toEqual({ [qid(1)]: 'Engines' });
  });

  it('shows a conditional question only while its condition holds, and leaves out its answer when hidden', async () => {
    const calls = serve();
    const mentored = question({ type: 'yes_no', label: 'Mentored before?' }, 1);
    const where = question(
      { type: 'short_text', label: 'Where?', required: true, condition: { question: qid(1), equals: true } },
      2,
    );
    const onsite = question(
      {
        type: 'short_text',
        label: 'Parking needed?',
        condition: { question: 'onsiteAvailability', equals: 'onsite' },
      },
      3,
    );
    renderForm([mentored, where, onsite], complete);
    expect(screen.queryByRole('textbox', { name: /Where\?/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Parking needed?' })).toBeNull();

    const group = screen.getByRole('group', { name: 'Mentored before?' });
    fireEvent.click(within(group).getByRole('radio', { name: 'Yes' }));
    const whereInput = await screen.findByRole('textbox', { name: /Where\?/ });
    fireEvent.change(whereInput, { target: { value: 'MLH' } });
    fireEvent.click(within(group).getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Where\?/ })).toBeNull());

    fireEvent.click(screen.getByRole('radio', { name: 'Onsite' }));
    expect(await screen.findByRole('textbox', { name: 'Parking needed?' })).toBeTruthy();

    // Hidden again, its answer (still kept for the draft) is not sent, nor is it required.
    await submit();
    await waitFor(() => expect(posted(calls)).toBeDefined());
    expect(posted(calls)?.custom).toEqual({ [qid(1)]: false });
  });

  it('"Other": its words are asked once picked, and sent with the choice', async () => {
    const calls = serve();
    renderForm([EVERY_TYPE[2]!, EVERY_TYPE[4]!], complete);
    const track = screen.getByRole('group', { name: 'Track' });
    expect(within(track).queryByLabelText('Please specify')).toBeNull();
    fireEvent.click(within(track).getByRole('radio', { name: 'Other' }));
    fireEvent.change(within(track).getByLabelText('Please specify'), { target: { value: 'Robotics' } });

    const spoken = screen.getByRole('group', { name: 'Languages spoken' });
    fireEvent.click(within(spoken).getByRole('checkbox', { name: 'French' }));
    fireEvent.click(within(spoken).getByRole('checkbox', { name: 'Other' }));
    // "Other" ticked but left blank is refused, as the server would.
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await within(spoken).findByText('Languages spoken: say what "Other" is')).toBeTruthy();
    fireEvent.change(within(spoken).getByLabelText('Please specify'), { target: { value: 'Welsh' } });

    await submit();
    await waitFor(() => expect(posted(calls)).toBeDefined());
    expect(posted(calls)?.custom).toEqual({
      [qid(3)]: { selected: [], other: 'Robotics' },
      [qid(5)]: { selected: ['fr'], other: 'Welsh' },
    });
  });

  it('saves custom answers in the draft under `custom`, and restores them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serve();
    renderForm(EVERY_TYPE);
    fireEvent.change(screen.getByRole('textbox', { name: 'Team name' }), { target: { value: 'Engines' } });
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Track' })).getByRole('radio', { name: 'Hardware' }),
    );
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Years of experience' }), {
      target: { value: '7' },
    });
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const body = calls.find((c) => c.method === 'PUT')?.body as { answers: Record<string, unknown> };
    expect(body.answers.custom).toMatchObject({
      [qid(1)]: 'Engines',
      [qid(3)]: { selected: ['hw'], other: null },
      [qid(7)]: 7,
    });
    cleanup();

    serve();
    renderForm(EVERY_TYPE, {
      custom: {
        [qid(1)]: 'Engines',
        [qid(3)]: { selected: ['hw', 'gone'], other: null },
        [qid(4)]: { selected: ['removed-option'], other: null },
        [qid(6)]: true,
        [qid(7)]: 'seven',
        'not-a-question': 'x',
      },
    });
    expect(screen.getByRole('textbox', { name: 'Team name' })).toHaveProperty('value', 'Engines');
    expect(screen.getByRole('radio', { name: 'Hardware' })).toHaveProperty('checked', true);
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveProperty('value', '');
    const before = screen.getByRole('group', { name: 'Have you mentored before?' });
    expect(within(before).getByRole('radio', { name: 'Yes' })).toHaveProperty('checked', true);
    expect(screen.getByRole('spinbutton', { name: 'Years of experience' })).toHaveProperty('value', '');
  });

  it('without custom questions: nothing is added to the form, the draft or the submission', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serve();
    renderForm([], { ...complete, custom: { [qid(1)]: 'left over' } });
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: 'Grace' } });
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const draft = calls.find((c) => c.method === 'PUT')?.body as { answers: Record<string, unknown> };
    expect(draft.answers).not.toHaveProperty('custom');
    vi.useRealTimers();
    await submit();
    await waitFor(() => expect(posted(calls)).toBeDefined());
    expect(posted(calls)).not.toHaveProperty('custom');
  });

  it('a refusal naming a custom question shows on its field', async () => {
    const team = question({ type: 'short_text', label: 'Team name' }, 1);
    serve({
      status: 400,
      body: { error: 'Team name: at most 10 characters', code: 'validation_error' },
    });
    renderForm([team], { ...complete, custom: { [qid(1)]: 'Engines' } });
    await submit();
    // The flow's own toast says it, and the field shows it.
    expect(await screen.findByText('Submission Error')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const input = screen.getByRole('textbox', { name: 'Team name' });
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`custom.${qid(1)}-error`)?.textContent).toBe(
      'Team name: at most 10 characters',
    );
    await waitFor(() => expect(document.activeElement).toBe(input));
  });
});
