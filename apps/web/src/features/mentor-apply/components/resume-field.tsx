import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { FileText, Upload, X } from 'lucide-react';
import { toast } from 'sonner';
import type { UploadedFile } from '@lanyard/shared/application';
import { MENTOR_RESUME_MAX_BYTES } from '@lanyard/shared/constants';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { errorMessage } from '@/lib/api-client';
import { deleteUploadedFile } from '../api/delete-uploaded-file';
import { uploadResume } from '../api/upload-resume';
import { MENTOR_RESUME_ACCEPT, resumeFileProblem } from '../lib/mentor-form';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

interface ResumeFieldProps {
  id: string;
  value: UploadedFile | null;
  onChange: (file: UploadedFile | null) => void;
  /** True while a file is on its way up (the form holds its submit until then). */
  onUploadingChange: (uploading: boolean) => void;
}

/**
 * The optional mentor resume (spec §5): checked here first (PDF, DOC or DOCX, at most 5MB), then uploaded
 * at once with a real progress bar, so the draft can keep it too.
 */
export function ResumeField({ id, value, onChange, onUploadingChange }: ResumeFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileName, setFileName] = useState('');
  const hintId = `${id}-hint`;

  // Leaving the page cancels an upload still running.
  useEffect(() => () => abort.current?.abort(), []);

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = resumeFileProblem(file, MENTOR_RESUME_MAX_BYTES);
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setFileName(file.name);
    setProgress(0);
    onUploadingChange(true);
    try {
      const uploaded = await uploadResume(file, {
        signal: controller.signal,
        onProgress: ({ loaded, total }) => setProgress(Math.round((loaded / total) * 100)),
      });
      onChange(uploaded);
    } catch (err) {
      if (!controller.signal.aborted) {
        toast.error('Upload Failed', { description: errorMessage(err, 'Could not upload your resume.') });
      }
    } finally {
      if (abort.current === controller) abort.current = null;
      setProgress(null);
      onUploadingChange(false);
    }
  };

  const remove = () => {
    if (value) void deleteUploadedFile(value.name).catch(() => undefined);
    onChange(null);
    // Back to the picker, so keyboard users are not left on a button that disappeared.
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm leading-none font-medium text-slate-800">
        Resume (optional)
      </label>
      <p id={hintId} className="text-xs text-slate-600">
        PDF, DOC, or DOCX, up to 5MB.
      </p>
      {progress !== null ? (
        <div className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4" role="status">
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="truncate font-medium text-slate-900">Uploading {fileName}...</span>
            <span className="text-slate-700 tabular-nums">{progress}%</span>
          </div>
          <Progress value={progress} aria-label="Resume upload progress" />
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="self-start"
            onClick={() => abort.current?.abort()}
          >
            Cancel upload
          </Button>
        </div>
      ) : value ? (
        <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3">
          <FileText aria-hidden="true" className="size-6 shrink-0 text-brand-ink" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900" data-testid="resume-name">
              {value.original_name}
            </p>
            <p className="text-xs text-slate-600">{formatSize(value.size)}</p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={remove}
            aria-label={`Remove ${value.original_name}`}
          >
            <X aria-hidden="true" />
            Remove
          </Button>
        </div>
      ) : null}
      {value || progress !== null ? null : (
        <label
          htmlFor={id}
          className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-700 transition-colors hover:border-brand-ink has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-ink"
        >
          <Upload aria-hidden="true" className="size-6 text-brand-ink" />
          <span>
            <span className="font-semibold text-brand-ink">Choose a file</span> to upload
          </span>
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={MENTOR_RESUME_ACCEPT}
            aria-describedby={hintId}
            onChange={(e) => void onPick(e)}
            className="sr-only"
          />
        </label>
      )}
    </div>
  );
}
