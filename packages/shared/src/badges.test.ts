import { describe, expect, it } from 'vitest';
import { badgesRequestSchema, DEFAULT_BADGE_COLORS } from './badges';
import { eventConfigSchema } from './event';
import raw from '../../../config/event.json';

describe('event config badges', () => {
  it('defaults every colour when the event config says nothing, and each one left out', () => {
    const { badges: _, ...bare } = raw;
    expect(eventConfigSchema.parse(bare).badges.colors).toEqual(DEFAULT_BADGE_COLORS);
    const some = eventConfigSchema.parse({ ...raw, badges: { colors: { judge: '#111111' } } });
    expect(some.badges.colors).toEqual({ ...DEFAULT_BADGE_COLORS, judge: '#111111' });
  });

  it('refuses a colour that is not #rrggbb, and unknown roles', () => {
    for (const badges of [{ colors: { hacker: 'blue' } }, { colors: { guest: '#ffffff' } }, { size: 3 }])
      expect(eventConfigSchema.safeParse({ ...raw, badges }).success).toBe(false);
  });
});

describe('badgesRequestSchema', () => {
  it('names records only for a selection', () => {
    const id = '6f1c2a4e-0b7d-4c8e-9f3a-2d5b7c9e1f20';
    expect(badgesRequestSchema.safeParse({ scope: 'selected', layout: 'single', ids: [id] }).success).toBe(
      true,
    );
    expect(badgesRequestSchema.safeParse({ scope: 'confirmed', layout: 'a4-2x3' }).success).toBe(true);
    expect(badgesRequestSchema.safeParse({ scope: 'selected', layout: 'single' }).success).toBe(false);
    expect(badgesRequestSchema.safeParse({ scope: 'checked_in', layout: 'single', ids: [id] }).success).toBe(
      false,
    );
  });
});
