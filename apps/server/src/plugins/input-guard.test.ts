import { describe, expect, it } from 'vitest';
import { findUnstorable, MAX_INPUT_DEPTH } from './input-guard';

function nested(depth: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

describe('findUnstorable', () => {
  it('accepts ordinary text, emoji (paired surrogates), RTL marks and script tags', () => {
    expect(
      findUnstorable({
        a: 'Ada',
        b: ['\u{1F600}', '\u202eevil', '<script>alert(1)</script>'],
        c: { d: 1, e: null },
      }),
    ).toBeUndefined();
  });

  it('finds a NUL in a value or a key, naming where', () => {
    expect(findUnstorable({ answers: { firstName: 'a\u0000b' } })).toEqual({
      path: 'answers.firstName',
      message: 'must not contain a NUL character',
    });
    expect(findUnstorable({ answers: { 'x\u0000': 1 } })?.path).toBe('answers');
    expect(findUnstorable(['ok', 'no\u0000'])?.path).toBe('1');
  });

  it('finds unpaired surrogates, high or low, but not pairs', () => {
    expect(findUnstorable({ s: 'a\ud800' })?.path).toBe('s');
    expect(findUnstorable({ s: '\udc00a' })?.path).toBe('s');
    expect(findUnstorable({ s: '\udfff\ud800' })?.path).toBe('s');
    expect(findUnstorable({ s: '\ud83d\ude00' })).toBeUndefined();
  });

  it('refuses nesting deeper than the limit without overflowing the stack', () => {
    expect(findUnstorable(nested(MAX_INPUT_DEPTH - 1))).toBeUndefined();
    expect(findUnstorable(nested(MAX_INPUT_DEPTH + 1))?.message).toBe('is nested too deeply');
    expect(findUnstorable(nested(200_000))?.message).toBe('is nested too deeply');
  });
});
