import { describe, expect, it } from 'vitest';
import { HACKER_RESUME_MAX_BYTES, MENTOR_RESUME_MAX_BYTES, USER_ROLES } from '@lanyard/shared/constants';
import { mayAttachFile, mayDeleteFile, mayReadFile, uploadLimits, PORTFOLIO_MAX_BYTES } from './uploads';

const OWNER = 'owner-id';
const resume = { ownerId: OWNER, purpose: 'resume' as const };
const portfolio = { ownerId: OWNER, purpose: 'portfolio' as const };

describe('upload limits', () => {
  it('a resume is PDF, DOC or DOCX, 10MB for hackers and 5MB for mentors', () => {
    expect(uploadLimits('resume', 'hacker')).toEqual({
      maxBytes: HACKER_RESUME_MAX_BYTES,
      tooLarge: 'Resume file cannot exceed 10MB.',
      allowed: ['pdf', 'doc', 'docx'],
      typeError: 'Please upload a PDF, DOC, or DOCX file.',
    });
    expect(uploadLimits('resume', 'mentor')).toMatchObject({
      maxBytes: MENTOR_RESUME_MAX_BYTES,
      tooLarge: 'Please upload a file smaller than 5MB.',
      allowed: ['pdf', 'doc', 'docx'],
    });
    expect(MENTOR_RESUME_MAX_BYTES).toBeLessThan(HACKER_RESUME_MAX_BYTES);
  });

  it('a portfolio file is PDF, PNG or JPEG up to 10MB, whatever the role', () => {
    for (const role of USER_ROLES) {
      expect(uploadLimits('portfolio', role)).toEqual({
        maxBytes: PORTFOLIO_MAX_BYTES,
        tooLarge: 'Portfolio file cannot exceed 10MB.',
        allowed: ['pdf', 'png', 'jpg'],
        typeError: 'Please upload a PDF, PNG or JPEG file.',
      });
    }
  });

  it('an account that is not an applicant is held to the hacker resume rules', () => {
    expect(uploadLimits('resume', 'admin')).toEqual(uploadLimits('resume', 'hacker'));
    expect(uploadLimits('resume', 'volunteer')).toEqual(uploadLimits('resume', 'hacker'));
  });
});

describe('file ownership', () => {
  it('only the owner attaches a file, and only as the kind it was uploaded as', () => {
    expect(mayAttachFile(OWNER, resume, 'resume')).toBe(true);
    expect(mayAttachFile(OWNER, resume)).toBe(true);
    expect(mayAttachFile(OWNER, portfolio, 'resume')).toBe(false);
    expect(mayAttachFile('someone-else', resume, 'resume')).toBe(false);
    expect(mayAttachFile('someone-else', resume)).toBe(false);
  });

  it('only the owner deletes a file, admins included', () => {
    for (const role of USER_ROLES) {
      expect(mayDeleteFile({ id: OWNER, role }, resume)).toBe(true);
      expect(mayDeleteFile({ id: 'other', role }, resume)).toBe(false);
    }
  });

  it('the owner and the admins read a file; no other account does', () => {
    for (const role of USER_ROLES) {
      expect(mayReadFile({ id: OWNER, role }, resume)).toBe(true);
      expect(mayReadFile({ id: 'other', role }, resume)).toBe(role === 'admin');
    }
  });

  it('a file whose owner is gone is read by admins only, and used or deleted by no one', () => {
    const orphan = { ownerId: null, purpose: 'resume' };
    for (const role of USER_ROLES) {
      expect(mayReadFile({ id: OWNER, role }, orphan)).toBe(role === 'admin');
      expect(mayDeleteFile({ id: OWNER, role }, orphan)).toBe(false);
    }
    expect(mayAttachFile(OWNER, orphan)).toBe(false);
  });
});
