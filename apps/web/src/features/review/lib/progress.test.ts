import { describe, expect, it } from 'vitest';
import { progressLine, wordCount } from './progress';

describe('progressLine', () => {
  it('reads as the issue words it, with thousands separators', () => {
    expect(progressLine({ reviewed: 84, remaining: 1912 })).toBe(
      'You have reviewed 84; 1,912 applications still need reviews.',
    );
    expect(progressLine({ reviewed: 12_345, remaining: 50_000 })).toBe(
      'You have reviewed 12,345; 50,000 applications still need reviews.',
    );
  });

  it('says one application in the singular', () => {
    expect(progressLine({ reviewed: 1, remaining: 1 })).toBe(
      'You have reviewed 1; 1 application still needs reviews.',
    );
  });

  it('counts none in the plural', () => {
    expect(progressLine({ reviewed: 0, remaining: 0 })).toBe(
      'You have reviewed 0; 0 applications still need reviews.',
    );
  });
});

describe('wordCount', () => {
  it('counts words in the singular and plural', () => {
    expect(wordCount(1)).toBe('1 word');
    expect(wordCount(0)).toBe('0 words');
    expect(wordCount(1200)).toBe('1,200 words');
  });
});
