import { describe, expect, it } from 'vitest';
import { readingOrder } from './fonts';

describe('readingOrder', () => {
  it('lays a Hebrew or Arabic name out as one right-to-left run', () => {
    expect(readingOrder('שרה לאה')).toEqual({ features: [] });
    expect(readingOrder('عبد الله')).toEqual({ features: [] });
    expect(readingOrder('עמית-לוי')).toEqual({ features: [] });
  });

  it("keeps pdfkit's own layout for other scripts and for mixed names, which one run would reverse", () => {
    expect(readingOrder('Ada Lovelace')).toEqual({});
    expect(readingOrder('王小明')).toEqual({});
    expect(readingOrder('Sarah שרה')).toEqual({});
    // The same answer twice: no regular expression state carried between calls.
    expect(readingOrder('שרה')).toEqual({ features: [] });
    expect(readingOrder('שרה')).toEqual({ features: [] });
  });
});
