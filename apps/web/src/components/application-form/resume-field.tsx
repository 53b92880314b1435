import { useEffect, useRef } from 'react';
import { FileText, RefreshCw, Trash2, Upload } from 'lucide-react';
import { RESUME_RULES } from '@lanyard/shared/resume';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { RequiredMark } from '@/components/ui/form';
import { formatFileSize, RESUME_ACCEPT } from './resume-file';
import type { ResumeUpload } from './use-resume-upload';

interface ResumeFieldProps {
  resume: ResumeUpload;
  error?: string | undefined;
  disabled?: boolean;
}

export const RESUME_INPUT_ID = 'resume';
export const RESUME_BUTTON_ID = 'resume-button';

/**
 * The resume uploader of both application forms (PDF/DOC/DOCX; required up to 10MB for hackers,
 * optional up to 5MB for mentors). The real file input carries the label "Resume"; a visible button
 * opens it, so there is one tab stop and one clear action.
 */
export function ResumeField({ resume, error, disabled }: ResumeFieldProps) {
  const { state, required } = resume;
  const { maxBytes } = RESUME_RULES[resume.role];
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = 'resume-hint';
  const errorId = 'resume-error';
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(' ');
  const open = () => inputRef.current?.click();

  // Remove and Cancel take their own button away: the keyboard goes on to the one that replaces it.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    document.getElementById(RESUME_BUTTON_ID)?.focus();
  }, [state.status]);
  const remove = () => {
    refocus.current = true;
    resume.remove();
  };

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={RESUME_INPUT_ID}>
        Resume
        {required ? <RequiredMark /> : null}
      </Label>
      <p id={hintId} className="text-xs text-slate-600">
        {required ? '' : 'Optional. '}PDF, DOC or DOCX, up to {formatFileSize(maxBytes)}. It uploads as soon
        as you choose it.
      </p>
      <input
        ref={inputRef}
        id={RESUME_INPUT_ID}
        type="file"
        accept={RESUME_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="Resume"
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-focus-proxy={RESUME_BUTTON_ID}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Let the same file be chosen again after a refusal or removal.
          e.target.value = '';
          if (file) resume.choose(file);
        }}
      />

      {state.status === 'empty' ? (
        <div
          className={
            'flex flex-col items-start gap-3 rounded-xl border-2 border-dashed p-4 sm:flex-row sm:items-center ' +
            (error ? 'border-red-400 bg-red-50/40' : 'border-slate-300 bg-slate-50')
          }
        >
          <Upload aria-hidden="true" className="size-6 shrink-0 text-slate-500" />
          <p className="flex-1 text-sm text-slate-700">No file chosen yet.</p>
          <Button
            id={RESUME_BUTTON_ID}
            variant="secondary"
            onClick={open}
            disabled={disabled}
            aria-describedby={describedBy}
          >
            <Upload aria-hidden="true" />
            Upload resume
          </Button>
        </div>
      ) : null}

      {state.status === 'uploading' ? (
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex items-center gap-3">
            <FileText aria-hidden="true" className="size-6 shrink-0 text-slate-500" />
            <p className="min-w-0 flex-1 text-sm">
              <span className="block truncate font-medium text-slate-900">{state.fileName}</span>
              <span className="text-slate-600">
                Uploading... {state.progress}% of {formatFileSize(state.size)}
              </span>
            </p>
            <Button id={RESUME_BUTTON_ID} variant="ghost" size="sm" onClick={remove}>
              Cancel
            </Button>
          </div>
          <Progress value={state.progress} aria-label="Resume upload progress" />
        </div>
      ) : null}

      {state.status === 'uploaded' ? (
        <div className="flex flex-col gap-3 rounded-xl border border-green-200 bg-green-50/60 p-4 sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 items-center gap-3">
            <FileText aria-hidden="true" className="size-6 shrink-0 text-green-800" />
            <p className="min-w-0 text-sm" data-testid="resume-file">
              <span className="block truncate font-medium text-slate-900">{state.file.original_name}</span>
              <span className="text-slate-700">{formatFileSize(state.file.size)} · Uploaded</span>
            </p>
          </div>
          <div className="flex gap-2">
            <Button
              id={RESUME_BUTTON_ID}
              variant="secondary"
              size="sm"
              onClick={open}
              disabled={disabled}
              aria-label={`Replace ${state.file.original_name}`}
            >
              <RefreshCw aria-hidden="true" />
              Replace
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={remove}
              disabled={disabled}
              aria-label={`Remove ${state.file.original_name}`}
            >
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          </div>
        </div>
      ) : null}

      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
