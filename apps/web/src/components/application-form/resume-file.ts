import type { ApplicantRole } from '@lanyard/shared/constants';
import { RESUME_EXTENSIONS, RESUME_RULES, RESUME_TYPE_ERROR } from '@lanyard/shared/resume';

export const RESUME_ACCEPT = RESUME_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export interface FileProblem {
  title: string;
  description: string;
}

export const INVALID_TYPE: FileProblem = { title: 'Invalid File Type', description: RESUME_TYPE_ERROR };
export const TOO_LARGE_TITLE = 'File Too Large';

/**
 * Resumes are .pdf, .doc or .docx, at most the role's limit (hacker 10MB, mentor 5MB). Checked before
 * anything is uploaded; the server checks again, the type by content.
 */
export function checkResumeFile(
  file: { name: string; size: number },
  role: ApplicantRole,
): FileProblem | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!(RESUME_EXTENSIONS as readonly string[]).includes(extension)) return INVALID_TYPE;
  const { maxBytes, tooLarge } = RESUME_RULES[role];
  if (file.size > maxBytes) return { title: TOO_LARGE_TITLE, description: tooLarge };
  return null;
}

/** "820 B", "14.2 KB", "1.5 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}
