import { describe, expect, it } from 'vitest';
import { insertAt, isTemplateDirty, placeholderToken } from './email-templates';

describe('placeholders', () => {
  it('inserts at the cursor, replaces a selection, appends without one', () => {
    expect(placeholderToken('name')).toBe('{{name}}');
    expect(insertAt('Hi ,', '{{name}}', 3, 3)).toEqual({ value: 'Hi {{name}},', caret: 11 });
    expect(insertAt('Hi you,', '{{name}}', 3, 6)).toEqual({ value: 'Hi {{name}},', caret: 11 });
    expect(insertAt('Hi', '{{name}}', undefined, undefined)).toEqual({ value: 'Hi{{name}}', caret: 10 });
    expect(insertAt('Hi', '{{name}}', 99, 120)).toEqual({ value: 'Hi{{name}}', caret: 10 });
  });
});

describe('isTemplateDirty', () => {
  it('compares a draft with the saved text', () => {
    const saved = { subject: 'S', body: 'B' };
    expect(isTemplateDirty(saved, undefined)).toBe(false);
    expect(isTemplateDirty(saved, { subject: 'S', body: 'B' })).toBe(false);
    expect(isTemplateDirty(saved, { subject: 'S!', body: 'B' })).toBe(true);
    expect(isTemplateDirty(saved, { subject: 'S', body: 'B\n' })).toBe(true);
  });
});
