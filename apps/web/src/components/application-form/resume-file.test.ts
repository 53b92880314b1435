import { describe, expect, it } from 'vitest';
import { HACKER_RESUME_MAX_BYTES, MENTOR_RESUME_MAX_BYTES } from '@lanyard/shared/constants';
import { checkResumeFile, formatFileSize, INVALID_TYPE } from './resume-file';

describe('checkResumeFile', () => {
  it('accepts PDF, DOC and DOCX up to the role limit, whatever the case of the extension', () => {
    expect(checkResumeFile({ name: 'cv.pdf', size: 1000 }, 'hacker')).toBeNull();
    expect(checkResumeFile({ name: 'cv.final.DOCX', size: HACKER_RESUME_MAX_BYTES }, 'hacker')).toBeNull();
    expect(checkResumeFile({ name: 'cv.doc', size: 1 }, 'hacker')).toBeNull();
    expect(checkResumeFile({ name: 'CV.DOC', size: MENTOR_RESUME_MAX_BYTES }, 'mentor')).toBeNull();
  });

  it("refuses a file over the role's limit with that role's message", () => {
    expect(checkResumeFile({ name: 'cv.pdf', size: HACKER_RESUME_MAX_BYTES + 1 }, 'hacker')).toEqual({
      title: 'File Too Large',
      description: 'Resume file cannot exceed 10MB.',
    });
    expect(checkResumeFile({ name: 'cv.pdf', size: MENTOR_RESUME_MAX_BYTES + 1 }, 'mentor')).toEqual({
      title: 'File Too Large',
      description: 'Please upload a file smaller than 5MB.',
    });
  });

  it('refuses other types, for both roles', () => {
    for (const role of ['hacker', 'mentor'] as const) {
      for (const name of ['cv.txt', 'cv', 'cv.pdf.exe', 'pdf', '.docx.png']) {
        expect(checkResumeFile({ name, size: 10 }, role)).toEqual(INVALID_TYPE);
      }
    }
    expect(INVALID_TYPE).toEqual({
      title: 'Invalid File Type',
      description: 'Please upload a PDF, DOC, or DOCX file.',
    });
  });
});

describe('formatFileSize', () => {
  it('uses B, KB and MB', () => {
    expect(formatFileSize(820)).toBe('820 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(14_540)).toBe('14.2 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});
