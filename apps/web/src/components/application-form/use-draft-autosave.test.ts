import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { DraftBody } from '@lanyard/shared/application';
import { useDraftAutosave } from './use-draft-autosave';

const draftResponse = {
  draft: { role: 'hacker', answers: {}, resume: null, updated_at: '2025-08-01T00:00:00Z' },
};

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;
let answers: Record<string, unknown>;
const getBody = (): DraftBody => ({ role: 'hacker', answers, resume_url: null });
const sentBodies = () =>
  fetchMock.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string));
/** The applicant changes the answers to `next`: the form schedules a save. */
const edit = (autosave: { current: { schedule: () => void } }, next: Record<string, unknown>) =>
  act(() => {
    answers = next;
    autosave.current.schedule();
  });
const closeTab = () =>
  act(() => {
    window.dispatchEvent(new Event('pagehide'));
  });

beforeEach(() => {
  vi.useFakeTimers();
  answers = {};
  fetchMock = vi.fn(() => Promise.resolve(jsonResponse(200, draftResponse)));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useDraftAutosave', () => {
  it('saves once, a second after the last change, with the latest answers', async () => {
    const { result } = renderHook(() => useDraftAutosave(getBody));
    expect(result.current.status).toBe('idle');
    act(() => {
      answers = { firstName: 'A' };
      result.current.schedule();
    });
    await act(() => vi.advanceTimersByTimeAsync(600));
    act(() => {
      answers = { firstName: 'Ada' };
      result.current.schedule();
    });
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/applications/draft');
    expect((init as RequestInit).method).toBe('PUT');
    expect(sentBodies()[0]).toEqual({
      role: 'hacker',
      answers: { firstName: 'Ada' },
      resume_url: null,
      client_tab: expect.stringMatching(/^[0-9a-f]{32}$/),
      client_seq: 1,
    });
    expect(result.current.status).toBe('saved');
  });

  it('shows the failure and retries by itself', async () => {
    fetchMock.mockImplementationOnce(() => Promise.resolve(jsonResponse(500, { error: 'Boom' })));
    const { result } = renderHook(() => useDraftAutosave(getBody));
    act(() => result.current.schedule());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.status).toBe('error');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result.current.status).toBe('saved');
  });

  it('sends one request at a time and follows up with the newest answers', async () => {
    let release: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((r) => (release = r)));
    const { result } = renderHook(() => useDraftAutosave(getBody));
    edit(result, { firstName: 'A' });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    edit(result, { firstName: 'Ad' });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('saving');
    await act(async () => release(jsonResponse(200, draftResponse)));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentBodies()[1].answers).toEqual({ firstName: 'Ad' });
    expect(result.current.status).toBe('saved');
  });

  it('says Saved only while no change waits to be sent', async () => {
    let release: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((r) => (release = r)));
    const { result } = renderHook(() => useDraftAutosave(getBody));
    act(() => {
      answers = { tools: ['Vite'] };
      result.current.schedule();
    });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.status).toBe('saving');
    // A change while the first save is out, its own save not due yet when the first one lands.
    act(() => {
      answers = { tools: ['Vite', 'Buck2'] };
      result.current.schedule();
    });
    await act(async () => release(jsonResponse(200, draftResponse)));
    expect(result.current.status).toBe('saving');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(sentBodies()[1].answers).toEqual({ tools: ['Vite', 'Buck2'] });
    expect(result.current.status).toBe('saved');
    // A change after "Saved" is not saved yet.
    act(() => {
      answers = { tools: ['Vite', 'Buck2', 'Make'] };
      result.current.schedule();
    });
    expect(result.current.status).toBe('saving');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.status).toBe('saved');
  });

  it('saves nothing after stop()', async () => {
    const { result } = renderHook(() => useDraftAutosave(getBody));
    act(() => result.current.schedule());
    await act(() => result.current.stop());
    act(() => result.current.schedule());
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a pending save when the form goes away inside the app', async () => {
    const { result, unmount } = renderHook(() => useDraftAutosave(getBody));
    act(() => result.current.schedule());
    unmount();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0]![1] as RequestInit).keepalive).toBeUndefined();
  });

  it('sends a pending save that outlives the page when the tab closes or is hidden', async () => {
    const { result } = renderHook(() => useDraftAutosave(getBody));
    act(() => {
      answers = { firstName: 'Ada' };
      result.current.schedule();
    });
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0]![1] as RequestInit).keepalive).toBe(true);
    expect(sentBodies()[0].answers).toEqual({ firstName: 'Ada' });
    // Nothing was waiting any more: hiding the tab sends nothing new.
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('the tab closes while a save is out and a newer change waits: the newer answers go at once', async () => {
    fetchMock.mockImplementationOnce(() => new Promise<Response>(() => {}));
    const { result } = renderHook(() => useDraftAutosave(getBody));
    edit(result, { firstName: 'A' });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Typed while the first save is out: its own save is not due yet when the tab closes.
    edit(result, { firstName: 'Ada' });
    closeTab();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect((fetchMock.mock.calls[1]![1] as RequestInit).keepalive).toBe(true);
    expect(sentBodies()[1].answers).toEqual({ firstName: 'Ada' });
    // Counted, so that the server keeps these answers should the first save land after them.
    const [first, second] = sentBodies();
    expect(first.client_tab).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatchObject({ client_tab: first.client_tab, client_seq: first.client_seq + 1 });
  });

  it('the tab closes after a newer change found the first save still out: it goes too', async () => {
    let release: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((r) => (release = r)));
    const { result } = renderHook(() => useDraftAutosave(getBody));
    edit(result, { firstName: 'A' });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    // The newer change's pause ends while the first save is out: it waits for that one.
    edit(result, { firstName: 'Ada' });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    closeTab();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect((fetchMock.mock.calls[1]![1] as RequestInit).keepalive).toBe(true);
    expect(sentBodies()[1].answers).toEqual({ firstName: 'Ada' });
    // The first save landing afterwards sends nothing more: the newest answers are already out.
    await act(async () => release(jsonResponse(200, draftResponse)));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result.current.status).toBe('saved');
  });

  it('leaves a draft too big for keepalive to an ordinary request', async () => {
    const { result } = renderHook(() => useDraftAutosave(getBody));
    act(() => {
      answers = { whyGoodFit: 'word '.repeat(13_000) };
      result.current.schedule();
    });
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0]![1] as RequestInit).keepalive).toBeUndefined();
  });
});
