import { describe, expect, it } from 'vitest';
import { HACKER_RESUME_MAX_BYTES } from '@lanyard/shared/constants';
import { checkResumeFile, formatFileSize, INVALID_TYPE, TOO_LARGE } from './resume-file';

describe('checkResumeFile', () => {
  it('accepts PDF, DOC and DOCX up to 10MB, whatever the case of the extension', () => {
    expect(checkResumeFile({ name: 'cv.pdf', size: 1000 })).toBeNull();
    expect(checkResumeFile({ name: 'cv.final.DOCX', size: HACKER_RESUME_MAX_BYTES })).toBeNull();
    expect(checkResumeFile({ name: 'cv.doc', size: 1 })).toBeNull();
  });

  it('refuses a file over 10MB with the spec message', () => {
    expect(checkResumeFile({ name: 'cv.pdf', size: HACKER_RESUME_MAX_BYTES + 1 })).toEqual(TOO_LARGE);
    expect(TOO_LARGE).toEqual({ title: 'File Too Large', description: 'Resume file cannot exceed 10MB.' });
  });

  it('refuses other types', () => {
    for (const name of ['cv.txt', 'cv', 'cv.pdf.exe', 'pdf', '.docx.png']) {
      expect(checkResumeFile({ name, size: 10 })).toEqual(INVALID_TYPE);
    }
    expect(INVALID_TYPE.description).toBe('Please upload a PDF, DOC, or DOCX file.');
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
