import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PublicUser } from '@lanyard/shared/auth';
import type { UploadedFile } from '@lanyard/shared/application';
import type { CustomQuestion } from '@lanyard/shared/questions/custom';
import type { PublicSettings } from '@lanyard/shared/settings';
import {
  renderWithProviders,
  testCustomQuestion,
  testPublicSettings,
  testQuestionId as qid,
} from '@/testing';
import { HackerApplyPage } from './hacker-apply-page';

// Custom questions in the hacker form (issue 19): placed in their sections, checked on submit in
// the form's one-toast flow (docs/decisions/010), kept in the draft and sent under `custom`.

const toastMock = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock, Toaster: () => null }));
vi.mock('canvas-confetti', () => ({
  default: { create: () => Object.assign(() => Promise.resolve(), { reset: () => {} }) },
}));

const user: PublicUser = {
  id: '8d3c6f8e-4a7b-4c1e-9f4a-2b7d9e1c3a5f',
  email: 'hacker@example.org',
  role: 'hacker',
  applicationStatus: 'in_progress',
  emailVerified: true,
};

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

const hacker = (q: Partial<CustomQuestion> & Pick<CustomQuestion, 'type' | 'label'>, n: number) =>
  testCustomQuestion({ role: 'hacker', ...q }, n);

const QUESTIONS = [
  hacker({ type: 'short_text', label: 'Pronouns', section: 'personal' }, 1),
  hacker({ type: 'yes_no', label: 'Need a laptop?', section: 'additional', required: true }, 2),
  hacker(
    {
      type: 'short_text',
      label: 'Name of your high school',
      section: 'academic',
      condition: { question: 'isHighSchool', equals: true },
    },
    3,
  ),
];

let settings: PublicSettings;
let draft: {
  answers: Record<string, unknown>;
  resume: UploadedFile | null;
  custom_questions?: CustomQuestion[];
} | null;
let calls: { method: string; url: string; body: unknown }[];

function json(status: number, body: unknown) {
  return Promise.resolve(Response.json(body, { status }));
}

function handle(url: string, init: RequestInit = {}) {
  const method = init.method ?? 'GET';
  const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ method, url, body });
  if (url === '/api/settings/public') return json(200, settings);
  if (url === '/api/applications/me') return json(200, { application: null });
  if (url === '/api/applications/draft' && method === 'GET') {
    return json(200, { draft: draft && { role: 'hacker', ...draft, updated_at: '2025-08-01T00:00:00Z' } });
  }
  if (url === '/api/applications/draft') {
    return json(200, { draft: { role: 'hacker', answers: {}, resume, updated_at: '2025-08-01T00:00:00Z' } });
  }
  if (url === '/api/applications/hacker') return json(400, { error: 'Stop here', code: 'validation_error' });
  if (url.startsWith('/api/places/cities')) return json(200, { cities: [] });
  return json(404, { error: 'Not found' });
}

async function renderForm() {
  renderWithProviders([{ path: '/hacker-apply', element: <HackerApplyPage /> }], {
    path: '/hacker-apply',
    user,
  });
  return screen.findByRole('form', { name: 'Hacker application' });
}

const card = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest<HTMLElement>('[aria-labelledby]')!;
const posted = () => calls.filter((c) => c.url === '/api/applications/hacker');

beforeEach(() => {
  settings = testPublicSettings({ custom_questions: { hacker: QUESTIONS, mentor: [] } });
  draft = { answers: completeAnswers, resume };
  calls = [];
  vi.stubGlobal('fetch', vi.fn(handle));
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  toastMock.error.mockReset();
  toastMock.success.mockReset();
});

describe('HackerApplicationForm with custom questions', () => {
  it('places each question last in its section, and one on a built-in answer comes and goes with it', async () => {
    await renderForm();
    const personal = within(card('Personal Information')).getAllByRole('textbox');
    expect(personal.at(-1)).toBe(screen.getByRole('textbox', { name: 'Pronouns' }));
    expect(within(card('Logistics')).getByRole('group', { name: /Need a laptop\?/ })).toBeTruthy();

    expect(screen.queryByRole('textbox', { name: 'Name of your high school' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I am currently in high school' }));
    const school = await within(card('Academic Information')).findByRole('textbox', {
      name: 'Name of your high school',
    });
    expect(school).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I am currently in high school' }));
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Name of your high school' })).toBeNull(),
    );
  });

  it('a required question left unanswered: one toast naming it, the focus on it, nothing sent', async () => {
    const form = await renderForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Application' }));
    const laptop = within(screen.getByRole('group', { name: /Need a laptop\?/ }));
    expect(await laptop.findByText('Need a laptop?: this question is required')).toBeTruthy();
    expect(screen.getByText('1 answer needs your attention.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(laptop.getByRole('radio', { name: 'Yes' })));
    expect(toastMock.error).toHaveBeenCalledTimes(1);
    expect(toastMock.error).toHaveBeenCalledWith('1 answer needs your attention', {
      description: 'Need a laptop?: this question is required',
    });
    expect(posted()).toHaveLength(0);

    fireEvent.click(laptop.getByRole('radio', { name: 'No' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Pronouns' }), { target: { value: 'she/her' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit your application?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]!.body).toMatchObject({
      firstName: 'Ada',
      custom: { [qid(1)]: 'she/her', [qid(2)]: false },
    });
    expect(posted()[0]!.body).not.toHaveProperty(['custom', qid(3)]);
  });

  it('saves the custom answers in the draft under `custom` and brings them back', async () => {
    draft = { answers: { ...completeAnswers, custom: { [qid(1)]: 'they/them', [qid(2)]: true } }, resume };
    await renderForm();
    expect(screen.getByRole('textbox', { name: 'Pronouns' })).toHaveProperty('value', 'they/them');
    const laptop = within(screen.getByRole('group', { name: /Need a laptop\?/ }));
    expect(laptop.getByRole('radio', { name: 'Yes' })).toHaveProperty('checked', true);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(screen.getByRole('textbox', { name: 'Pronouns' }), { target: { value: 'she/her' } });
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      role: 'hacker',
      answers: { firstName: 'Ada', custom: { [qid(1)]: 'she/her', [qid(2)]: true } },
    });
  });

  it('asks the questions as the draft holds this applicant to them: one added since is optional', async () => {
    const [, laptop] = QUESTIONS;
    draft = { answers: completeAnswers, resume, custom_questions: [{ ...laptop!, required: false }] };
    const form = await renderForm();
    expect(screen.queryByRole('textbox', { name: 'Pronouns' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit your application?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]!.body).toMatchObject({ custom: {} });
  });

  it('another role’s questions only: the hacker form and its submission are as without any', async () => {
    settings = testPublicSettings({ custom_questions: { hacker: [], mentor: QUESTIONS } });
    const form = await renderForm();
    expect(screen.queryByRole('textbox', { name: 'Pronouns' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit your application?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]!.body).not.toHaveProperty('custom');
  });
});
