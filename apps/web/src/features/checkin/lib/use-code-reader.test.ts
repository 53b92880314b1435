import { describe, expect, it } from 'vitest';
import { isNewRead, SAME_CODE_QUIET_MS } from './use-code-reader';

describe('isNewRead', () => {
  it('counts a code once while it stays in view, and again after it was away for the quiet time', () => {
    const seen = new Map<string, number>();
    expect(isNewRead(seen, 'a', 0)).toBe(true);
    // Held up to the camera for 10 s: every frame sees it, none counts.
    for (let t = 120; t <= 10_000; t += 120) expect(isNewRead(seen, 'a', t)).toBe(false);
    expect(isNewRead(seen, 'a', 10_000 + SAME_CODE_QUIET_MS + 1)).toBe(true);
  });

  it('a different code counts at once', () => {
    const seen = new Map<string, number>();
    expect(isNewRead(seen, 'a', 0)).toBe(true);
    expect(isNewRead(seen, 'b', 100)).toBe(true);
    expect(isNewRead(seen, 'a', 200)).toBe(false);
  });
});
