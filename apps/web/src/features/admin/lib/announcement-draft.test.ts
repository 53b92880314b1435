import { describe, expect, it } from 'vitest';
import { checkDraft, fieldErrorsOf, localInputValue, peopleCount } from './announcement-draft';

const NOW = new Date(2025, 5, 1, 12, 0).getTime();

describe('the composer checks', () => {
  it('asks for a subject and a message', () => {
    expect(checkDraft({ subject: ' ', body: '', when: 'now', sendAt: '' }, NOW)).toEqual({
      subject: 'Subject is required',
      body: 'Message is required',
    });
    expect(checkDraft({ subject: 'Hi', body: 'There', when: 'now', sendAt: '' }, NOW)).toEqual({});
  });

  it('a scheduled send needs a time in the future', () => {
    const base = { subject: 'Hi', body: 'There', when: 'later' as const };
    expect(checkDraft({ ...base, sendAt: '' }, NOW).send_at).toBe('Choose a date and time');
    expect(checkDraft({ ...base, sendAt: '2025-06-01T11:59' }, NOW).send_at).toBe(
      'Choose a time in the future, or send it now.',
    );
    expect(checkDraft({ ...base, sendAt: '2025-06-01T12:01' }, NOW)).toEqual({});
  });

  it('puts a server message naming a field under that field', () => {
    expect(fieldErrorsOf('send_at: Choose a time within the next year.')).toEqual({
      send_at: 'Choose a time within the next year.',
    });
    expect(fieldErrorsOf('subject: Subject is required')).toEqual({ subject: 'Subject is required' });
    expect(fieldErrorsOf('segment.filters.status: Invalid option')).toBeUndefined();
    expect(fieldErrorsOf('Something went wrong')).toBeUndefined();
  });

  it('counts people and writes datetime-local values', () => {
    expect(peopleCount(1)).toBe('1 person');
    expect(peopleCount(1234)).toBe('1,234 people');
    expect(localInputValue(new Date(2025, 0, 2, 3, 4))).toBe('2025-01-02T03:04');
  });
});
