import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_REVIEW_SETTINGS } from '@lanyard/shared/review';
import { renderWithProviders } from '@/testing';
import { ReviewSettingsCard } from './review-settings-card';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), dismiss: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock, Toaster: () => null }));

const REFUSED =
  'Scores exist for Participant applications: the scale of "Motivation" cannot change. Names, meanings and weights can.';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function serve(put: () => Response) {
  const puts: unknown[] = [];
  // Radix radios and checkboxes measure themselves; jsdom has no ResizeObserver.
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return Promise.resolve(put());
      }
      if (String(input) === '/api/review/settings')
        return Promise.resolve(Response.json(DEFAULT_REVIEW_SETTINGS));
      return Promise.resolve(Response.json({ error: 'Not found' }, { status: 404 }));
    }),
  );
  renderWithProviders(<ReviewSettingsCard />);
  return puts;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Settings: Review', () => {
  it('shows the rubric, with every blind field hidden by default', async () => {
    serve(() => Response.json(DEFAULT_REVIEW_SETTINGS));
    expect(await screen.findByDisplayValue('Motivation')).toBeDefined();
    for (const label of ['Name', 'E-mail', 'Resume', 'Where they travel from']) {
      const box = within(screen.getByRole('group', { name: 'Hidden from Reviewers' })).getByRole('checkbox', {
        name: label,
      });
      expect(box.getAttribute('aria-checked')).toBe('true');
    }
    expect(screen.getByRole('button', { name: 'Save Review Settings' }).hasAttribute('disabled')).toBe(true);
  });

  it('checks the rubric before saving and names what to fix', async () => {
    const puts = serve(() => Response.json(DEFAULT_REVIEW_SETTINGS));
    const name = await screen.findByDisplayValue('Motivation');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Meaning of 3', { selector: '#rubric-hacker-2-level-3' }), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save Review Settings' }));
    expect(await screen.findByText('Criterion name is required')).toBeDefined();
    expect(screen.getByText('Every level needs a meaning')).toBeDefined();
    expect(
      screen.getByText('Some fields need fixing before the review settings can be saved.'),
    ).toBeDefined();
    expect(puts).toHaveLength(0);
  });

  it('a larger scale asks for the new levels’ meanings', async () => {
    const puts = serve(() => Response.json(DEFAULT_REVIEW_SETTINGS));
    await screen.findByDisplayValue('Motivation');
    fireEvent.change(screen.getByLabelText('Scale', { selector: '#rubric-hacker-1-scale' }), {
      target: { value: '7' },
    });
    expect(screen.getByLabelText('Meaning of 7', { selector: '#rubric-hacker-1-level-7' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Save Review Settings' }));
    expect(await screen.findAllByText('Every level needs a meaning')).toHaveLength(2);
    expect(puts).toHaveLength(0);
  });

  it('shows the server’s refusal when scores exist and a scale changes', async () => {
    const puts = serve(() => Response.json({ error: REFUSED, code: 'rubric_in_use' }, { status: 409 }));
    await screen.findByDisplayValue('Motivation');
    fireEvent.change(screen.getByLabelText('Scale', { selector: '#rubric-hacker-1-scale' }), {
      target: { value: '4' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save Review Settings' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ rubric: expect.any(Object) as unknown });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', `Not saved${REFUSED}`);
    expect(toastMock.error).toHaveBeenCalledWith('Error', { description: REFUSED });
  });

  it('saves only what changed and says so', async () => {
    const puts = serve(() => Response.json({ ...DEFAULT_REVIEW_SETTINGS, ranking: 'raw' }));
    await screen.findByDisplayValue('Motivation');
    fireEvent.click(screen.getByRole('radio', { name: 'Raw' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Review Settings' }));
    await waitFor(() => expect(puts).toEqual([{ ranking: 'raw' }]));
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Review Settings Saved', expect.anything()),
    );
    expect(await screen.findByText('All changes saved.')).toBeDefined();
  });
});
