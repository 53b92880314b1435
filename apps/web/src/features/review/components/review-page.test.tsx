import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PublicUser } from '@lanyard/shared/auth';
import { DEFAULT_RUBRIC, type ReviewNextResponse } from '@lanyard/shared/review';
import { renderWithProviders } from '@/testing';
import { ReviewPage } from './review-page';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), dismiss: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock, Toaster: () => null }));

const reviewer: PublicUser = {
  id: '8d3c6f8e-4a7b-4c1e-9f4a-2b7d9e1c3a5f',
  email: 'reader@example.org',
  role: 'reviewer',
  applicationStatus: 'admin',
  emailVerified: true,
};

const APP_1 = '11111111-1111-4111-8111-111111111111';
const APP_2 = '22222222-2222-4222-8222-222222222222';

function next(id: string | null, reviewed: number, remaining: number): ReviewNextResponse {
  return {
    application: id
      ? {
          id,
          role: 'hacker',
          submitted_at: '2025-08-01T12:00:00Z',
          answers: [
            { key: 'major', label: 'Major', value: 'Physics', words: null },
            { key: 'backgroundQuestion', label: 'Background', value: 'I built a radio.', words: 4 },
            { key: 'whyAttendQuestion', label: 'Why do you want to attend?', value: 'To learn.', words: 1 },
            { key: 'householdObjectQuestion', label: 'Household object', value: 'A lamp.', words: 2 },
          ],
          resume_url: null,
          age: null,
        }
      : null,
    criteria: id ? DEFAULT_RUBRIC.hacker : null,
    review: null,
    editable: true,
    held_until: id ? '2025-08-01T12:10:00Z' : null,
    progress: { reviewed, remaining },
  };
}

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function serve(queue: ReviewNextResponse[], post?: (url: string) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/review/next')
        return Promise.resolve(Response.json(queue.shift() ?? next(null, 3, 0)));
      if (url === '/api/review/mine')
        return Promise.resolve(Response.json({ reviews: [], progress: { reviewed: 84, remaining: 1912 } }));
      if (method === 'POST' && post) return Promise.resolve(post(url));
      if (method === 'POST' && url.endsWith('/skip'))
        return Promise.resolve(Response.json({ progress: { reviewed: 84, remaining: 1911 } }));
      if (method === 'POST') {
        return Promise.resolve(
          Response.json({
            review: {
              scores: {},
              total: 4,
              note: '',
              flag: null,
              flag_reason: '',
              updated_at: '2025-08-01T12:05:00Z',
            },
            progress: { reviewed: 85, remaining: 1911 },
          }),
        );
      }
      return Promise.resolve(Response.json({ error: 'Not found' }, { status: 404 }));
    }),
  );
  renderWithProviders(<ReviewPage />, { path: '/review', user: reviewer });
  return calls;
}

const key = (k: string, target: Element = document.activeElement ?? document.body) =>
  fireEvent.keyDown(target, { key: k, code: /^\d$/.test(k) ? `Digit${k}` : undefined });

const radio = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) });
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // jsdom has no scrolling; the screen scrolls to the top for each new application.
  window.scrollTo = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the review screen', () => {
  it('shows the progress in the issue’s words and the answers with their word counts', async () => {
    serve([next(APP_1, 84, 1912)]);
    expect(
      await screen.findByText('You have reviewed 84; 1,912 applications still need reviews.'),
    ).toBeDefined();
    expect(screen.getByText('4 words')).toBeDefined();
    expect(screen.getByText('1 word')).toBeDefined();
    const motivation = screen.getByRole('radiogroup', { name: 'Motivation' });
    expect(within(motivation).getAllByRole('radio')).toHaveLength(5);
    expect(radio('Motivation: 4 — Specific goals for this event')).toBeDefined();
  });

  it('scores with digit keys, moving on criterion by criterion, and Enter submits and brings the next', async () => {
    const calls = serve([next(APP_1, 84, 1912), next(APP_2, 85, 1911)]);
    await screen.findByRole('radiogroup', { name: 'Motivation' });
    key('4');
    await waitFor(() => expect(radio('Motivation: 1').getAttribute('tabindex')).toBe('0'));
    expect(document.activeElement?.closest('[role="radiogroup"]')?.getAttribute('aria-labelledby')).toContain(
      'review-criterion-1',
    );
    key('3');
    key('5');
    expect(radio('Experience and background: 4').getAttribute('aria-checked')).toBe('true');
    expect(radio('Motivation: 3').getAttribute('aria-checked')).toBe('true');
    expect(radio('Creativity: 5').getAttribute('aria-checked')).toBe('true');
    key('Enter');
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({
      url: `/api/review/${APP_1}`,
      body: { scores: { experience: 4, motivation: 3, creativity: 5 }, note: '', flag: null },
    });
    expect(
      await screen.findByText('You have reviewed 85; 1,911 applications still need reviews.'),
    ).toBeDefined();
    // A fresh rubric for the next application.
    await waitFor(() => expect(radio('Motivation: 3').getAttribute('aria-checked')).toBe('false'));
  });

  it('keeps the scores and note of the held application when the reviewer leaves it and comes back, until sent', async () => {
    serve([next(APP_1, 84, 1912)]);
    await screen.findByRole('radiogroup', { name: 'Motivation' });
    key('4');
    key('2');
    fireEvent.change(screen.getByLabelText(/Private Note/), { target: { value: 'Strong essays' } });
    // Away (an earlier review opened, or a reload) and back to the same held application.
    cleanup();
    const calls = serve([next(APP_1, 84, 1912), next(APP_2, 85, 1911)]);
    await screen.findByRole('radiogroup', { name: 'Motivation' });
    expect(radio('Experience and background: 4').getAttribute('aria-checked')).toBe('true');
    expect(radio('Motivation: 2').getAttribute('aria-checked')).toBe('true');
    expect((screen.getByLabelText(/Private Note/) as HTMLTextAreaElement).value).toBe('Strong essays');
    // The keyboard carries on at the first criterion left to score.
    key('5');
    key('Enter');
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({
      scores: { experience: 4, motivation: 2, creativity: 5 },
      note: 'Strong essays',
    });
    await screen.findByText('You have reviewed 85; 1,911 applications still need reviews.');
    // Sent: nothing is kept for that application any more.
    cleanup();
    serve([next(APP_1, 85, 1911)]);
    await screen.findByRole('radiogroup', { name: 'Motivation' });
    expect(radio('Experience and background: 4').getAttribute('aria-checked')).toBe('false');
  });

  it('moves between criteria with the up and down arrows and changes the score with left and right', async () => {
    serve([next(APP_1, 0, 10)]);
    await screen.findByRole('radiogroup', { name: 'Motivation' });
    key('ArrowDown');
    key('ArrowRight');
    key('ArrowRight');
    expect(radio('Motivation: 2').getAttribute('aria-checked')).toBe('true');
    key('ArrowLeft');
    expect(radio('Motivation: 1').getAttribute('aria-checked')).toBe('true');
    key('ArrowUp');
    key('ArrowLeft');
    expect(radio('Experience and background: 5').getAttribute('aria-checked')).toBe('true');
  });

  it('does not take keys typed into the note', async () => {
    const calls = serve([next(APP_1, 0, 10)]);
    const note = await screen.findByLabelText('Private Note for Organisers');
    note.focus();
    for (const k of ['5', 's', 'Enter', 'ArrowDown']) key(k, note);
    fireEvent.change(note, { target: { value: '5s' } });
    expect(screen.queryAllByRole('radio', { checked: true })).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(calls)).toHaveLength(0);
  });

  it('will not submit with a criterion unscored and says which', async () => {
    const calls = serve([next(APP_1, 0, 10)]);
    await screen.findByRole('radiogroup', { name: 'Motivation' });
    key('4');
    key('ArrowDown');
    key('Enter');
    expect(await screen.findByText('Score Motivation first.')).toBeDefined();
    expect(posts(calls)).toHaveLength(0);
  });

  it('asks for a reason with a flag', async () => {
    const calls = serve([next(APP_1, 0, 10)]);
    await screen.findByRole('radiogroup', { name: 'Motivation' });
    for (const k of ['4', '4', '4']) key(k);
    fireEvent.change(screen.getByLabelText('Flag'), { target: { value: 'spam' } });
    fireEvent.click(screen.getByRole('button', { name: /Submit and Next/ }));
    expect(await screen.findAllByText('Give a reason for the flag')).not.toHaveLength(0);
    expect(posts(calls)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Reason for the Flag'), { target: { value: 'Copied text' } });
    fireEvent.click(screen.getByRole('button', { name: /Submit and Next/ }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({ flag: 'spam', flag_reason: 'Copied text' });
  });

  it('S opens the skip dialog; a reason skips the application and brings the next', async () => {
    const calls = serve([next(APP_1, 84, 1912), next(APP_2, 84, 1911)]);
    await screen.findByRole('radiogroup', { name: 'Motivation' });
    key('s');
    const dialog = await screen.findByRole('dialog', { name: 'Skip This Application' });
    // Keys belong to the dialog while it is open.
    key('4');
    expect(screen.queryAllByRole('radio', { checked: true })).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conflict of interest: I know this person' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({ url: `/api/review/${APP_1}/skip`, body: { reason: 'conflict' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/review/next')).toHaveLength(2));
  });

  it('moves on with a word when the application went to others meanwhile', async () => {
    const calls = serve([next(APP_1, 84, 1912), next(APP_2, 84, 1911)], () =>
      Response.json(
        { error: 'This application no longer needs your review.', code: 'review_not_available' },
        { status: 409 },
      ),
    );
    await screen.findByRole('radiogroup', { name: 'Motivation' });
    for (const k of ['4', '4', '4', 'Enter']) key(k);
    await waitFor(() =>
      expect(toastMock.info).toHaveBeenCalledWith('Moved On to the Next Application', {
        description: 'This application no longer needs your review.',
      }),
    );
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/review/next')).toHaveLength(2));
    expect(toastMock.error).not.toHaveBeenCalled();
  });

  it('shows the server’s message when it refuses a review', async () => {
    serve([next(APP_1, 84, 1912)], () =>
      Response.json(
        { error: 'You cannot review your own application.', code: 'own_application' },
        { status: 403 },
      ),
    );
    await screen.findByRole('radiogroup', { name: 'Motivation' });
    for (const k of ['4', '4', '4', 'Enter']) key(k);
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Error', {
        description: 'You cannot review your own application.',
      }),
    );
  });

  it('says "All caught up" with the progress when nothing is left', async () => {
    serve([next(null, 1, 0)]);
    expect(await screen.findByRole('heading', { name: 'All caught up' })).toBeDefined();
    expect(screen.getAllByText('You have reviewed 1; 0 applications still need reviews.')).not.toHaveLength(
      0,
    );
    expect(screen.getByRole('button', { name: 'Check Again' })).toBeDefined();
  });
});
