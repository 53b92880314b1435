import { HACKER_RESUME_MAX_BYTES, MENTOR_RESUME_MAX_BYTES, type ApplicantRole } from './constants';

/**
 * The resume of each role (hacker 10MB, mentor 5MB): the server cuts the upload at `maxBytes` and answers with
 * `tooLarge`; the form checks the same before anything is sent. Types are PDF, DOC or DOCX for both.
 */
export const RESUME_RULES: Record<ApplicantRole, { required: boolean; maxBytes: number; tooLarge: string }> =
  {
    hacker: {
      required: true,
      maxBytes: HACKER_RESUME_MAX_BYTES,
      tooLarge: 'Resume file cannot exceed 10MB.',
    },
    mentor: {
      required: false,
      maxBytes: MENTOR_RESUME_MAX_BYTES,
      tooLarge: 'Please upload a file smaller than 5MB.',
    },
  };

export const RESUME_EXTENSIONS = ['pdf', 'doc', 'docx'] as const;
export const RESUME_TYPE_ERROR = 'Please upload a PDF, DOC, or DOCX file.';
