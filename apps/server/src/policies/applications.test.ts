import { describe, expect, it } from 'vitest';
import { APPLICANT_ROLES, USER_ROLES } from '@lanyard/shared/constants';
import {
  facesApplicationWindow,
  mayApplyAs,
  mayChangeAnswers,
  maySubmit,
  resumeRequired,
} from './applications';

describe('applications policy', () => {
  it('an account applies only with the form of its own role', () => {
    for (const account of USER_ROLES) {
      for (const form of APPLICANT_ROLES) expect(mayApplyAs(account, form)).toBe(account === form);
    }
  });

  it('answers change until submission, never after', () => {
    expect(mayChangeAnswers(false)).toBe(true);
    expect(mayChangeAnswers(true)).toBe(false);
  });

  it('submitting needs a verified address', () => {
    expect(maySubmit({ emailVerified: true })).toBe(true);
    expect(maySubmit({ emailVerified: false })).toBe(false);
  });

  it('only hackers face the application window and must send a resume', () => {
    expect(facesApplicationWindow('hacker')).toBe(true);
    expect(facesApplicationWindow('mentor')).toBe(false);
    expect(resumeRequired('hacker')).toBe(true);
    expect(resumeRequired('mentor')).toBe(false);
  });
});
