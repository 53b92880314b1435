import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';
import { DEFAULT_REVIEW_SETTINGS } from '@lanyard/shared/review';
import { lockSettings, readSettings, reviewSettingsOf, writeSettings } from './settings';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const rowCount = async () =>
  (await ctx.database.pool.query('select count(*)::int as n from settings')).rows[0].n;

describe('the settings accessor', () => {
  beforeEach(async () => {
    await ctx.database.pool.query('delete from settings');
    await ctx.database.pool.query('insert into settings (id) values (1)');
  });

  it('reads the one settings row', async () => {
    await ctx.database.pool.query('update settings set rsvp_open = false, hacker_decisions_released = true');
    const row = await readSettings(ctx.database.db);
    expect(row).toMatchObject({ id: 1, rsvpOpen: false, hackerDecisionsReleased: true });
  });

  it('reads a missing row as the defaults the first migration inserts, without writing', async () => {
    const migrated = await readSettings(ctx.database.db);
    await ctx.database.pool.query('delete from settings');
    const missing = await readSettings(ctx.database.db);
    const { updatedAt: _a, ...defaults } = migrated;
    const { updatedAt: _b, ...read } = missing;
    expect(read).toEqual(defaults);
    expect(await rowCount()).toBe(0);
  });

  it('an update recreates a missing row and keeps the other fields at their defaults', async () => {
    await ctx.database.pool.query('delete from settings');
    await ctx.database.db.transaction((tx) => writeSettings(tx, { rsvpOpen: false }));
    expect(await rowCount()).toBe(1);
    expect(await readSettings(ctx.database.db)).toMatchObject({
      rsvpOpen: false,
      hackerDecisionsReleased: false,
      allowLateApplications: false,
      emailTemplates: {},
    });
  });

  it('an update changes only the fields named and stamps updated_at', async () => {
    await ctx.database.pool.query(
      `update settings set updated_at = '2020-01-01', require_access_code = true`,
    );
    await ctx.database.db.transaction((tx) => writeSettings(tx, { mentorDecisionsReleased: true }));
    const row = await readSettings(ctx.database.db);
    expect(row).toMatchObject({ mentorDecisionsReleased: true, requireAccessCode: true });
    expect(row.updatedAt.getTime()).toBeGreaterThan(Date.parse('2020-01-02'));
  });

  it('lockSettings holds the row until the transaction ends, creating it when missing', async () => {
    await ctx.database.pool.query('delete from settings');
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const first = ctx.database.db.transaction(async (tx) => {
      await lockSettings(tx);
      locked();
      await held;
      order.push('first');
    });
    await isLocked;
    const second = ctx.database.db.transaction(async (tx) => {
      const row = await lockSettings(tx);
      order.push('second');
      return row;
    });
    await new Promise((r) => setTimeout(r, 100));
    release();
    const [, row] = await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
    expect(row.id).toBe(1);
    expect(await rowCount()).toBe(1);
  });
});

describe('reviewSettingsOf', () => {
  it('reads a row that never saved review settings as the defaults', async () => {
    await ctx.database.pool.query('update settings set review = null');
    expect(reviewSettingsOf(await readSettings(ctx.database.db))).toEqual(DEFAULT_REVIEW_SETTINGS);
  });

  it('keeps each stored field that parses, and reads a bad one as its default', async () => {
    await ctx.database.pool.query(
      `update settings set review = '{"reviews_per_application": 3, "ranking": "sideways", "extra": 1}'::jsonb`,
    );
    const review = reviewSettingsOf(await readSettings(ctx.database.db));
    expect(review.reviews_per_application).toBe(3);
    expect(review.ranking).toBe('calibrated');
    expect(review.rubric).toEqual(DEFAULT_REVIEW_SETTINGS.rubric);
  });
});
