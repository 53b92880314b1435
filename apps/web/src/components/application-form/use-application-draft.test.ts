import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import type { DraftBody, UploadedFile } from '@lanyard/shared/application';
import { deleteUpload } from '@/api/delete-upload';
import { saveDraft } from '@/api/save-draft';
import { uploadResume } from '@/api/upload-resume';
import { useApplicationDraft } from './use-application-draft';

vi.mock('@/api/delete-upload', () => ({ deleteUpload: vi.fn(() => Promise.resolve({ ok: true })) }));
vi.mock('@/api/save-draft', () => ({ saveDraft: vi.fn() }));
vi.mock('@/api/upload-resume', () => ({ uploadResume: vi.fn(), isAbortError: () => false }));

const fileOf = (name: string): UploadedFile => ({
  file_url: `/api/upload/file/${name}`,
  name,
  original_name: `${name}.pdf`,
  size: 100,
  content_type: 'application/pdf',
});
const A = fileOf('a');
const B = fileOf('b');
const pdf = () => new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' });

/** Each save waits until the test lets it finish, so a save can be caught on its way. */
let saves: { body: DraftBody; finish: () => void }[];
const toAnswers = (values: { name: string }) => values;

function renderDraft(initial: UploadedFile | null) {
  return renderHook(() => {
    const form = useForm<{ name: string }>({ defaultValues: { name: '' } });
    return useApplicationDraft('hacker', initial, form, toAnswers);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  saves = [];
  vi.mocked(saveDraft).mockImplementation(
    (body: DraftBody) =>
      new Promise((resolve) => {
        saves.push({ body, finish: () => resolve({ draft: null }) });
      }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('useApplicationDraft: a file let go of', () => {
  it('is deleted only after a saved draft stops pointing at it, never while a save may carry it', async () => {
    vi.mocked(uploadResume).mockResolvedValue(B);
    const { result } = renderDraft(A);

    // A save carrying A is on its way when A is replaced by B.
    act(() => result.current.autosave.schedule());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(saves.map((s) => s.body.resume_url)).toEqual([A.file_url]);
    await act(async () => {
      result.current.resume.choose(pdf());
    });
    expect(result.current.resume.state).toEqual({ status: 'uploaded', file: B });

    await act(async () => saves[0]!.finish());
    expect(deleteUpload).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(saves.map((s) => s.body.resume_url)).toEqual([A.file_url, B.file_url]);
    expect(deleteUpload).not.toHaveBeenCalled();
    await act(async () => saves[1]!.finish());
    expect(deleteUpload).toHaveBeenCalledTimes(1);
    expect(deleteUpload).toHaveBeenCalledWith('a');
  });

  it('removed: the form empties at once, the file is deleted once the draft without it is saved', async () => {
    const { result } = renderDraft(B);
    act(() => result.current.resume.remove());
    expect(result.current.resume.state).toEqual({ status: 'empty' });
    expect(deleteUpload).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(saves.map((s) => s.body.resume_url)).toEqual([null]);
    await act(async () => saves[0]!.finish());
    expect(deleteUpload).toHaveBeenCalledWith('b');
  });

  it('a failed save deletes nothing; the retry that succeeds does', async () => {
    const { result } = renderDraft(B);
    act(() => result.current.resume.remove());
    vi.mocked(saveDraft).mockRejectedValueOnce(new Error('offline'));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(deleteUpload).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(saves.map((s) => s.body.resume_url)).toEqual([null]);
    await act(async () => saves[0]!.finish());
    expect(deleteUpload).toHaveBeenCalledWith('b');
  });
});
