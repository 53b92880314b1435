import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { testCustomQuestion, testQuestionId as qid } from '@/testing';
import { customServerIssue } from './server-error';

const questions = [
  testCustomQuestion({ type: 'short_text', label: 'Team' }, 1),
  testCustomQuestion({ type: 'short_text', label: 'Team name' }, 2),
];

const refused = (message: string, body: Record<string, unknown> = {}, status = 400) =>
  new ApiError(status, message, 'validation_error', { error: message, ...body });

describe('customServerIssue', () => {
  it('reads an issue list or a field naming the question by id', () => {
    expect(
      customServerIssue(
        refused('Invalid', { issues: [{ id: qid(2), message: 'Team name: too long' }] }),
        questions,
      ),
    ).toEqual({ id: qid(2), message: 'Team name: too long' });
    expect(customServerIssue(refused('Team: no', { question: qid(1) }), questions)).toEqual({
      id: qid(1),
      message: 'Team: no',
    });
    expect(customServerIssue(refused('Bad', { field: `custom.${qid(2)}` }), questions)?.id).toBe(qid(2));
  });

  it('else finds the id in the message, or the wording it starts with (the longest first)', () => {
    expect(customServerIssue(refused(`Unknown answer for ${qid(1)}`), questions)?.id).toBe(qid(1));
    expect(customServerIssue(refused('Team name: at most 10 characters'), questions)?.id).toBe(qid(2));
    expect(customServerIssue(refused('Team: at most 10 characters'), questions)?.id).toBe(qid(1));
  });

  it('names nothing for other refusals', () => {
    expect(customServerIssue(refused('First name is required'), questions)).toBeNull();
    expect(customServerIssue(refused('Team name: x', {}, 403), questions)).toBeNull();
    expect(customServerIssue(new Error('Team name: x'), questions)).toBeNull();
    expect(customServerIssue(refused('Team name: x'), [])).toBeNull();
  });
});
