import { HACKER_RESUME_MAX_BYTES } from '@lanyard/shared/constants';

export const RESUME_ACCEPT = '.pdf,.doc,.docx';
const RESUME_EXTENSIONS = ['pdf', 'doc', 'docx'];

export interface FileProblem {
  title: string;
  description: string;
}

export const INVALID_TYPE: FileProblem = {
  title: 'Invalid File Type',
  description: 'Please upload a PDF, DOC, or DOCX file.',
};
export const TOO_LARGE: FileProblem = {
  title: 'File Too Large',
  description: 'Resume file cannot exceed 10MB.',
};

/** Spec §5: .pdf, .doc or .docx, at most 10MB. Checked before anything is uploaded; the server checks again by content. */
export function checkResumeFile(file: { name: string; size: number }): FileProblem | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!RESUME_EXTENSIONS.includes(extension)) return INVALID_TYPE;
  if (file.size > HACKER_RESUME_MAX_BYTES) return TOO_LARGE;
  return null;
}

/** "820 B", "14.2 KB", "1.5 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}
