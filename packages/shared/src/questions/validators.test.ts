import { describe, expect, it } from 'vitest';
import { phone } from './validators';

describe('phone', () => {
  it.each([
    '+1 (555) 010-2030',
    '555.010.2030',
    '+1 215 555 0100 ext. 12',
    '+1 215 555 0100 ext 12',
    '+1 215 555 0100 x12',
    '215-555-0100 X 12',
    '(215) 555-0100 extension 1234',
    '+44 20 7946 0958 #12',
  ])('accepts %s', (value) => {
    expect(phone.safeParse(value).success).toBe(true);
  });

  it.each(['call me', 'ext. 12', 'x12', '+1 215 555 0100 ext.', '+1 215 555 0100 ext. twelve', '12345'])(
    'refuses %s',
    (value) => {
      expect(phone.safeParse(value).error?.issues[0]?.message).toBe('Enter a valid phone number');
    },
  );
});
