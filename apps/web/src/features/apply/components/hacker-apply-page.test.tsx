import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PublicUser } from '@lanyard/shared/auth';
import type { MyApplication, UploadedFile } from '@lanyard/shared/application';
import { formQuestions } from '@lanyard/shared/questions';
import type { PublicSettings } from '@lanyard/shared/settings';
import { renderWithProviders, testEventConfig, testPublicSettings } from '@/testing';
import { HackerApplyPage } from './hacker-apply-page';

const toastMock = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock, Toaster: () => null }));
vi.mock('canvas-confetti', () => ({
  default: { create: () => Object.assign(() => Promise.resolve(), { reset: () => {} }) },
}));

const event = testEventConfig({
  socialLinks: [
    { label: 'Instagram', url: 'https://instagram.com/example' },
    { label: 'LinkedIn', url: 'https://linkedin.com/company/example' },
  ],
});

const user: PublicUser = {
  id: '8d3c6f8e-4a7b-4c1e-9f4a-2b7d9e1c3a5f',
  email: 'hacker@example.org',
  role: 'hacker',
  applicationStatus: 'in_progress',
  emailVerified: true,
};

const openSettings = testPublicSettings({ application_deadline: '2025-08-18T23:59:00Z' });

const resume: UploadedFile = {
  file_url: '/api/upload/file/abc.pdf',
  name: 'abc.pdf',
  original_name: 'ada-resume.pdf',
  size: 2048,
  content_type: 'application/pdf',
};

const completeAnswers = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+1 555 123 4567',
  major: 'Mathematics',
  university: 'Stanford University',
  graduationYear: '2027',
  birthMonth: 12,
  birthDay: 10,
  birthYear: 2004,
  travelFrom: 'Austin, Texas, United States',
  howDidYouHear: 'A friend',
  backgroundQuestion: 'I build analytical engines.',
  householdObjectQuestion: 'A loom.',
  whyAttendQuestion: 'To build things with people.',
  termsAccepted: true,
  mlhTermsAccepted: true,
};

const submitted: MyApplication = {
  _id: 'a1',
  role: 'hacker',
  status: 'submitted',
  under_review: false,
  decisions_released: false,
  email: user.email,
  submitted_at: '2025-08-01T12:00:00Z',
  updated_at: '2025-08-01T12:00:00Z',
  resume,
  answers: completeAnswers,
  rsvp_status: null,
  rsvp_details: null,
  celebrated: false,
};

interface Server {
  settings: PublicSettings;
  application: MyApplication | null;
  draft: { answers: Record<string, unknown>; resume: UploadedFile | null } | null;
  validCode: string;
  submitError?: { status: number; body: unknown };
}

let server: Server;
let calls: { method: string; url: string; body: unknown }[];

function json(status: number, body: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

function handle(url: string, init: RequestInit = {}) {
  const method = init.method ?? 'GET';
  const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ method, url, body });
  if (url === '/api/settings/public') return json(200, server.settings);
  if (url === '/api/applications/me') return json(200, { application: server.application });
  if (url === '/api/applications/draft') {
    const draft = server.draft && { role: 'hacker', ...server.draft, updated_at: '2025-08-01T00:00:00Z' };
    return json(200, { draft });
  }
  if (url === '/api/settings/validate-access-code') {
    const code = (body as { code: string }).code;
    return json(200, { valid: code.toUpperCase() === server.validCode });
  }
  if (url === '/api/applications/hacker') {
    if (server.submitError) return json(server.submitError.status, server.submitError.body);
    return json(201, { application: submitted });
  }
  if (url.startsWith('/api/places/cities')) return json(200, { cities: [] });
  return json(404, { error: 'Not found' });
}

function renderPage() {
  const { router } = renderWithProviders(
    [
      { path: '/hacker-apply', element: <HackerApplyPage /> },
      { path: '/view-application', element: <p>View application page</p> },
      { path: '/dashboard', element: <p>Dashboard page</p> },
    ],
    { path: '/hacker-apply', user, event },
  );
  return router;
}

const posted = (path: string) => calls.filter((c) => c.method !== 'GET' && c.url === path);

beforeEach(() => {
  server = { settings: openSettings, application: null, draft: null, validCode: 'LATE2025' };
  calls = [];
  vi.stubGlobal('fetch', vi.fn(handle));
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastMock.error.mockReset();
  toastMock.success.mockReset();
});

describe('HackerApplyPage', () => {
  it('shows the closed screen when the deadline passed and late applications are off', async () => {
    server.settings = { ...openSettings, status: 'closed' };
    renderPage();
    expect(screen.getByText('Loading application form...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Applications Closed' })).toBeTruthy();
    expect(screen.getByText(/late applications are not being accepted/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('sends someone who already applied to their application', async () => {
    server.application = submitted;
    const router = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/view-application'));
  });

  it('says so when the settings cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) =>
        url === '/api/settings/public' ? json(400, { error: 'Bad' }) : handle(url, init),
      ),
    );
    renderPage();
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Error', {
        description: 'Could not load application settings. Please try again later.',
      }),
    );
  });

  it('shows every required error on submit, focuses the first and toasts it with the count', async () => {
    renderPage();
    const form = await screen.findByRole('form', { name: 'Hacker application' });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(user.email);
    expect(screen.getByLabelText('Email').hasAttribute('readonly')).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Application' }));

    expect(await screen.findByText('First name is required')).toBeTruthy();
    for (const message of [
      'Last name is required',
      'Phone number is required',
      'Major is required',
      'School is required',
      'Graduation year is required',
      'Travelling from is required',
      'How did you hear about us is required',
      'Please enter a valid birthday',
      'Please upload your resume.',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    const firstName = screen.getByLabelText(/First name/);
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(firstName.getAttribute('aria-describedby')).toBe('firstName-error');
    await waitFor(() => expect(document.activeElement).toBe(firstName));
    // The toast names what the focus went to, not the last rule that failed (the terms).
    const summary = screen.getByText(/answers need your attention\.$/).textContent!;
    expect(toastMock.error).toHaveBeenCalledTimes(1);
    expect(toastMock.error).toHaveBeenCalledWith(summary.replace(/\.$/, ''), {
      description: 'First name is required',
    });
    expect(posted('/api/applications/hacker')).toHaveLength(0);
  });

  it('has a control named after every hacker question of the catalogue', async () => {
    // Answers that open every question shown only on a condition.
    server.draft = {
      answers: { isHighSchool: true, gender: 'other', race: 'raceOther', birthYear: 2010 },
      resume: null,
    };
    renderPage();
    const form = await screen.findByRole('form', { name: 'Hacker application' });
    const missing = formQuestions('hacker')
      .map((q) => q.key)
      .filter((key) => !form.querySelector(`[name="${key}"]`));
    expect(
      missing,
      'catalogue questions with no control of that name: add one to the section components in features/apply/components',
    ).toEqual([]);
  });

  it('titles its sections in Title Case, like the mentor form and the read-only view', async () => {
    renderPage();
    const form = await screen.findByRole('form', { name: 'Hacker application' });
    expect(
      within(form)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual([
      'Personal Information',
      'Academic Information',
      'Short Answers',
      'Logistics',
      'Links',
      'Community',
      'Terms',
    ]);
  });

  it('asks for a guardian under 18 and shows the field from birth year 2007', async () => {
    server.draft = { answers: { ...completeAnswers, birthYear: 2008 }, resume };
    renderPage();
    const form = await screen.findByRole('form', { name: 'Hacker application' });
    expect(screen.getByLabelText(/Parent or guardian's full name/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Application' }));
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Guardian Information', {
        description: "Guardian's name is required for applicants under 18.",
      }),
    );
    fireEvent.change(screen.getByLabelText('Birth year'), { target: { value: '2000' } });
    expect(screen.queryByLabelText(/Parent or guardian's full name/)).toBeNull();
  });

  it('restores the draft, counts words and submits after confirmation', async () => {
    server.draft = { answers: completeAnswers, resume };
    renderPage();
    const form = await screen.findByRole('form', { name: 'Hacker application' });
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByLabelText('Birth month') as HTMLInputElement).value).toBe('12');
    expect(screen.getByText('ada-resume.pdf')).toBeTruthy();
    expect(screen.getByText('4 / 200 words')).toBeTruthy();
    expect(screen.queryByText('Late Application')).toBeNull();

    fireEvent.change(screen.getByLabelText(/household object/), {
      target: { value: Array.from({ length: 51 }, () => 'word').join(' ') },
    });
    expect(screen.getByText('51 / 50 words').getAttribute('data-over-limit')).toBe('true');

    fireEvent.click(within(form).getByRole('button', { name: 'Submit Application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit your application?' });
    expect(within(dialog).getByText(/cannot be edited/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Application' }));

    expect(await screen.findByRole('heading', { name: 'Application Submitted' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    const instagram = screen.getByRole('link', { name: /Instagram/ });
    expect(instagram.getAttribute('target')).toBe('_blank');
    expect(instagram.getAttribute('rel')).toContain('noopener');
    expect(toastMock.success).toHaveBeenCalledWith('Success!', {
      description: 'Your application has been submitted.',
    });
    const [post] = posted('/api/applications/hacker');
    expect(post!.body).toMatchObject({ firstName: 'Ada', resume_url: resume.file_url, termsAccepted: true });
    expect(post!.body).not.toHaveProperty('access_code');
    expect(post!.body).not.toHaveProperty('email');
  });

  it('late mode: asks for the access code before confirming, and sends it', async () => {
    server.settings = { ...openSettings, status: 'late', message: 'The application deadline has passed.' };
    server.draft = { answers: completeAnswers, resume };
    renderPage();
    const form = await screen.findByRole('form', { name: 'Hacker application' });
    expect(screen.getByText('Late Application')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Access code'), { target: { value: 'nope' } });

    fireEvent.click(within(form).getByRole('button', { name: 'Submit Application' }));
    const step = await screen.findByRole('dialog', { name: 'Enter your access code' });
    const input = within(step).getByLabelText('Access code') as HTMLInputElement;
    expect(input.value).toBe('nope');
    fireEvent.click(within(step).getByRole('button', { name: 'Continue' }));
    expect(await within(step).findByText('That access code is not valid.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(input, { target: { value: 'late2025' } });
    fireEvent.click(within(step).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Submit your application?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('heading', { name: 'Application Submitted' })).toBeTruthy();
    expect(posted('/api/applications/hacker')[0]!.body).toMatchObject({ access_code: 'late2025' });
  });

  it('forced open: shows the override badge and never asks for a code', async () => {
    server.settings = { ...openSettings, status: 'open', force_application_open: true };
    server.draft = { answers: completeAnswers, resume };
    renderPage();
    const form = await screen.findByRole('form', { name: 'Hacker application' });
    expect(screen.getByText('Admin Override: Applications Forced Open')).toBeTruthy();
    expect(screen.queryByLabelText('Access code')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Application' }));
    const confirm = await screen.findByRole('dialog', { name: 'Submit your application?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('heading', { name: 'Application Submitted' })).toBeTruthy();
    expect(posted('/api/applications/hacker')[0]!.body).not.toHaveProperty('access_code');
  });

  it('keeps the answers and says why when the server refuses', async () => {
    server.draft = { answers: completeAnswers, resume };
    server.submitError = {
      status: 409,
      body: { error: 'You have already applied.', code: 'already_applied' },
    };
    renderPage();
    const form = await screen.findByRole('form', { name: 'Hacker application' });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Application' }));
    const confirm = await screen.findByRole('dialog', { name: 'Submit your application?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Submit Application' }));
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Submission Error', {
        description: 'You have already applied.',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Ada');
  });

  it('refuses a resume over 10MB or of the wrong type before uploading', async () => {
    const xhrOpen = vi.fn();
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        open = xhrOpen;
      },
    );
    renderPage();
    await screen.findByRole('form', { name: 'Hacker application' });
    const input = screen.getByLabelText(/^Resume\s*\*?$/) as HTMLInputElement;
    expect(input.accept).toBe('.pdf,.doc,.docx');
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(toastMock.error).toHaveBeenCalledWith('File Too Large', {
      description: 'Resume file cannot exceed 10MB.',
    });
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt')] } });
    expect(toastMock.error).toHaveBeenCalledWith('Invalid File Type', {
      description: 'Please upload a PDF, DOC, or DOCX file.',
    });
    expect(xhrOpen).not.toHaveBeenCalled();
  });
});
