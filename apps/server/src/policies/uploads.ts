/**
 * Who may do what with an uploaded file, and how large and of which type each upload may be.
 * A file belongs to the account that uploaded it: only its owner may use or delete it, and only its
 * owner and the admins may read it. Anyone else is told "not found", never that the file exists.
 */
import type { UserRole } from '@lanyard/shared/constants';
import { RESUME_EXTENSIONS, RESUME_RULES, RESUME_TYPE_ERROR } from '@lanyard/shared/resume';
import type { DetectedType } from '../lib/file-types';

export type UploadPurpose = 'resume' | 'portfolio';

export interface UploadLimits {
  maxBytes: number;
  /** The answer to a file over `maxBytes`. */
  tooLarge: string;
  /** The types the file's own bytes must show (its name and declared type are not trusted). */
  allowed: readonly DetectedType['ext'][];
  /** The answer to a file of another type. */
  typeError: string;
}

export const PORTFOLIO_MAX_BYTES = 10 * 1024 * 1024;

const PORTFOLIO: UploadLimits = {
  maxBytes: PORTFOLIO_MAX_BYTES,
  tooLarge: 'Portfolio file cannot exceed 10MB.',
  allowed: ['pdf', 'png', 'jpg'],
  typeError: 'Please upload a PDF, PNG or JPEG file.',
};

/** The limits of an upload: a resume's size depends on the uploader's role (mentors' are smaller). */
export function uploadLimits(purpose: UploadPurpose, role: UserRole): UploadLimits {
  if (purpose === 'portfolio') return PORTFOLIO;
  // Only applicants upload; any other account is held to the hacker's rules.
  const resume = RESUME_RULES[role === 'mentor' ? 'mentor' : 'hacker'];
  return {
    maxBytes: resume.maxBytes,
    tooLarge: resume.tooLarge,
    allowed: RESUME_EXTENSIONS,
    typeError: RESUME_TYPE_ERROR,
  };
}

interface Viewer {
  id: string;
  role: UserRole;
}

interface FileFacts {
  /** Null once the owner's account is gone: the file then belongs to no one. */
  ownerId: string | null;
  purpose: string;
}

/** May this account use the file in its application or draft (as `purpose`)? Its own, of that kind. */
export function mayAttachFile(userId: string, file: FileFacts, purpose?: UploadPurpose): boolean {
  return file.ownerId === userId && (purpose === undefined || file.purpose === purpose);
}

/** May this account delete the file? Only its owner (whether it is still held is checked apart). */
export function mayDeleteFile(viewer: Viewer, file: FileFacts): boolean {
  return file.ownerId === viewer.id;
}

/** May this account open the file? Its owner, and the admins reviewing applications. */
export function mayReadFile(viewer: Viewer, file: FileFacts): boolean {
  return viewer.role === 'admin' || file.ownerId === viewer.id;
}
