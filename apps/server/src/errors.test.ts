import { describe, expect, it } from 'vitest';
import { errors, isDatabaseUnavailable } from './errors';

describe('isDatabaseUnavailable', () => {
  it('recognises a database that is away, however deeply the driver wraps it', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const wrapped = new Error('Failed query: select 1', { cause: shutdown });
    const twice = new Error('outer', { cause: new Error('middle', { cause: refused }) });
    for (const err of [
      refused,
      shutdown,
      wrapped,
      twice,
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
    ]) {
      expect(isDatabaseUnavailable(err), err.message).toBe(true);
    }
  });

  it('leaves every other error alone', () => {
    for (const err of [
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('syntax error'), { code: '42601' }),
      new Error('Failed query', { cause: Object.assign(new Error('deadlock'), { code: '40P01' }) }),
      new Error('something else'),
      undefined,
      null,
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
    }
  });

  it('errors.unavailable() tells the client when to retry', () => {
    expect(errors.unavailable()).toMatchObject({ statusCode: 503, headers: { 'retry-after': '5' } });
  });
});
