import { describe, expect, it } from 'vitest';
import { containsPattern } from './search';

describe('containsPattern', () => {
  it('matches the text anywhere', () => {
    expect(containsPattern('ada')).toBe('%ada%');
  });

  it('escapes the LIKE wildcards and the escape character itself', () => {
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('Data_Science')).toBe('%Data\\_Science%');
    expect(containsPattern('C:\\temp')).toBe('%C:\\\\temp%');
  });

  it('leaves an empty search matching everything', () => {
    expect(containsPattern('')).toBe('%%');
  });
});
