/**
 * The property-test harness: personas (who calls), a snapshot of everything stored (database rows
 * and files), and one check per request: never a 5xx, a JSON `{error, code}` on every rejection,
 * and nothing stored on rejection.
 */
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signFileLink } from '../../src/lib/signed-links';
import { createSession } from '../../src/modules/auth/sessions';
import { makeQrToken } from '../../src/modules/checkin/qr';
import { seedApplication } from '../admin';
import { quickUser, uploadResume } from '../applicant';
import { createAdmin, registerUser, GOOD_PASSWORD, type TestContext } from '../helper';
import {
  applyMutations,
  encodeBody,
  hostileQuery,
  hostileSegment,
  hostileValue,
  mutations,
  pathsOf,
  pct,
  bodyEncoding,
  transport,
  type BodyEncoding,
  type Mutation,
  type Transport,
} from './hostile';
import { snapshot } from './snapshot';

export const PUBLIC_URL = 'http://localhost:3000';

export { snapshot, type Snapshot } from './snapshot';

export type PersonaName = 'anonymous' | 'hacker' | 'mentor' | 'accepted' | 'attending' | 'admin';

export interface Persona {
  name: PersonaName;
  userId?: string;
  email?: string;
  /** A resume this persona uploaded (hacker, mentor). */
  resumeId?: string;
  applicationId?: string;
}

export interface World {
  ctx: TestContext;
  personas: Record<PersonaName, Persona>;
  /** A registered user with a real password, for the sign-in routes. */
  login: { email: string; password: string };
  adminLogin: { email: string; password: string };
  accessCode: string;
}

/**
 * The people the properties call as: a fresh hacker and mentor (each with a resume, no application),
 * an accepted hacker who has not answered the RSVP (decisions released, RSVPs open), an attending
 * one (accepted and confirmed, so the door QR exists), and an admin (for routes any user may call).
 */
export async function createWorld(ctx: TestContext): Promise<World> {
  const hacker = await quickUser(ctx, 'hacker');
  const hackerResume = await uploadResume(ctx.app, hacker.token);
  const mentor = await quickUser(ctx, 'mentor');
  const mentorResume = await uploadResume(ctx.app, mentor.token);
  const accepted = await seedApplication(ctx, { status: 'accepted' });
  const attending = await seedApplication(ctx, { status: 'accepted', rsvpStatus: 'accepted' });
  const admin = await createAdmin(ctx);
  const [adminRow] = (
    await ctx.database.pool.query<{ id: string }>('select id from users where email = $1', [admin.email])
  ).rows;
  const registered = await registerUser(ctx.app);
  await ctx.database.pool.query(
    `update settings set hacker_decisions_released = true, mentor_decisions_released = true, rsvp_open = true,
       rsvp_deadline = null, application_deadline = null, require_access_code = false where id = 1`,
  );
  const accessCode = 'HOSTILE2026';
  await ctx.database.pool.query('insert into access_codes (code) values ($1) on conflict do nothing', [
    accessCode,
  ]);
  return {
    ctx,
    personas: {
      anonymous: { name: 'anonymous' },
      hacker: { name: 'hacker', userId: hacker.id, email: hacker.email, resumeId: hackerResume.name },
      mentor: { name: 'mentor', userId: mentor.id, email: mentor.email, resumeId: mentorResume.name },
      accepted: {
        name: 'accepted',
        userId: accepted.userId,
        email: accepted.email,
        applicationId: accepted.id,
      },
      attending: {
        name: 'attending',
        userId: attending.userId,
        email: attending.email,
        applicationId: attending.id,
      },
      admin: { name: 'admin', userId: adminRow!.id, email: admin.email },
    },
    login: { email: registered.email, password: GOOD_PASSWORD },
    adminLogin: { email: admin.email, password: GOOD_PASSWORD },
    accessCode,
  };
}

/** What a valid request to a route looks like, for one persona; properties start from it. */
export interface ValidRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown> | null;
}

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  /** The file whose properties cover this route (the coverage test checks every route has one). */
  group: 'public' | 'applicant' | 'upload' | 'oidc';
  /** Who calls it; the first is the one a valid request is built for. */
  personas: readonly PersonaName[];
  valid(world: World, persona: Persona): ValidRequest;
  /** Puts a persona back after an accepted request used up its state (e.g. a recorded RSVP). */
  restore?(world: World, persona: Persona): Promise<void>;
  /** Routes whose refusals are redirects rather than 4xx (the OIDC callback). */
  refusalRedirect?: RegExp;
}

export function key(spec: Pick<RouteSpec, 'method' | 'url'>): string {
  return `${spec.method} ${spec.url}`;
}

function fillPath(url: string, params: Record<string, string>): string {
  return url.replace(/:([A-Za-z_]+)/g, (_, name: string) => params[name] ?? 'x');
}

function queryString(query: Record<string, string> | undefined): string {
  if (!query) return '';
  return Object.entries(query)
    .map(([k, v]) => `${pct(k)}=${pct(v)}`)
    .join('&');
}

async function authHeaders(world: World, persona: Persona, how: Transport): Promise<Record<string, string>> {
  const token = persona.userId
    ? await createSession(world.ctx.database.db, world.ctx.config.sessionSecret, persona.userId, {})
    : undefined;
  switch (how) {
    case 'none':
      return {};
    case 'bad-bearer':
      return { authorization: `Bearer ${"' OR 1=1 --".repeat(20)}\u00ff` };
    case 'bad-cookie':
      return { cookie: `lanyard_session=${'%00%ZZ'.repeat(40)}; lanyard_session=x` };
    case 'bearer':
      return token ? { authorization: `Bearer ${token}` } : {};
    case 'cookie':
      return token ? { cookie: `lanyard_session=${token}`, origin: PUBLIC_URL } : {};
    case 'cookie-foreign-origin':
      return token ? { cookie: `lanyard_session=${token}`, origin: 'https://evil.example' } : {};
  }
}

/** One hostile request, described by data so fast-check can print and shrink it. */
export interface HostileCase {
  persona: PersonaName;
  transport: Transport;
  /** Path parameters replaced by hostile segments (by name). */
  params: Record<string, string>;
  /** Extra hostile query text appended to the valid query. */
  query: string;
  /** Body: mutations of the valid one, or a whole hostile value. */
  body:
    | { kind: 'mutated'; ops: Mutation[] }
    | { kind: 'value'; value: unknown }
    | { kind: 'valid' }
    | { kind: 'raw'; payload: Buffer; contentType: string };
  encoding: BodyEncoding;
}

function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
}

/**
 * Hostile cases for a route. Most bodies are the valid one with a few fields (or fields inside
 * them) made hostile, so they get past the schema's other checks into the service code; the rest
 * are wholly hostile values. The persona the valid request fits is picked most often for the same
 * reason.
 */
export function hostileCase(spec: RouteSpec, world: World): fc.Arbitrary<HostileCase> {
  const names = paramNames(spec.url);
  const validBody = spec.valid(world, world.personas[spec.personas[0]!]).body;
  const knownPaths = validBody ? pathsOf(validBody) : [];
  const hasBody = spec.method !== 'GET' && spec.method !== 'DELETE';
  const params: fc.Arbitrary<Record<string, string>> = names.length
    ? fc.oneof(
        { arbitrary: fc.constant({}), weight: 2 },
        {
          arbitrary: fc
            .subarray(names, { minLength: 1 })
            .chain((picked) => fc.tuple(...picked.map((n) => hostileSegment.map((v) => [n, v] as const))))
            .map((pairs) => Object.fromEntries(pairs)),
          weight: 3,
        },
      )
    : fc.constant({});
  const body: fc.Arbitrary<HostileCase['body']> = hasBody
    ? fc.oneof(
        { arbitrary: mutations(knownPaths).map((ops) => ({ kind: 'mutated' as const, ops })), weight: 6 },
        { arbitrary: hostileValue.map((value) => ({ kind: 'value' as const, value })), weight: 3 },
        { arbitrary: fc.constant({ kind: 'valid' as const }), weight: 1 },
      )
    : fc.constant({ kind: 'valid' as const });
  return fc.record({
    // The first persona is the one the valid request fits: most runs use it, to reach the service.
    persona: fc.oneof(
      { arbitrary: fc.constant(spec.personas[0]!), weight: 3 },
      { arbitrary: fc.constantFrom(...spec.personas), weight: 1 },
    ),
    transport,
    params,
    query: fc.oneof({ arbitrary: fc.constant(''), weight: 1 }, { arbitrary: hostileQuery, weight: 2 }),
    body,
    encoding: hasBody ? bodyEncoding : fc.constant('json' as const),
  });
}

function describeResponse(res: LightMyRequestResponse): string {
  return `${res.statusCode} ${res.headers['content-type'] ?? ''} ${res.body.slice(0, 300)}`;
}

/** Sends one hostile case and checks the three invariants. Returns the answer for extra checks. */
export async function checkCase(
  world: World,
  spec: RouteSpec,
  c: HostileCase,
): Promise<LightMyRequestResponse> {
  const { ctx } = world;
  const persona = world.personas[c.persona];
  const valid = spec.valid(world, persona);
  const params = { ...(valid.params ?? {}) };
  for (const [name, value] of Object.entries(valid.params ?? {})) params[name] = pct(value);
  Object.assign(params, c.params);
  const query = [queryString(valid.query), c.query].filter(Boolean).join('&');
  const url = fillPath(spec.url, params) + (query ? `?${query}` : '');

  let payload: string | Buffer | undefined;
  let bodyHeaders: Record<string, string> = {};
  if (c.body.kind === 'raw') {
    payload = c.body.payload;
    bodyHeaders = { 'content-type': c.body.contentType };
  } else if (spec.method !== 'GET' && spec.method !== 'DELETE') {
    const value =
      c.body.kind === 'value'
        ? c.body.value
        : c.body.kind === 'mutated'
          ? applyMutations(valid.body ?? {}, c.body.ops)
          : valid.body;
    ({ payload, headers: bodyHeaders } = encodeBody(value, c.encoding));
  }

  await ctx.database.pool.query('delete from rate_limits');
  const headers = { ...bodyHeaders, ...(await authHeaders(world, persona, c.transport)) };
  const before = await snapshot(ctx);
  const res = await ctx.app.inject({
    method: spec.method,
    url,
    headers,
    remoteAddress: '203.0.113.7',
    ...(payload === undefined ? {} : { payload }),
  } as InjectOptions);
  const where = `${spec.method} ${url.slice(0, 200)} as ${c.persona}/${c.transport} -> ${describeResponse(res)}`;

  tally(spec, res);
  expect(res.statusCode, `5xx: ${where}`).toBeLessThan(500);
  const refused =
    res.statusCode >= 400 ||
    (spec.refusalRedirect !== undefined && spec.refusalRedirect.test(String(res.headers.location ?? '')));
  if (res.statusCode >= 400) {
    expect(String(res.headers['content-type']), `not JSON: ${where}`).toMatch(/^application\/json/);
    const json = res.json() as { error?: unknown; code?: unknown };
    expect(typeof json.error, `no error message: ${where}`).toBe('string');
    expect(typeof json.code, `no error code: ${where}`).toBe('string');
    expect((json.error as string).length, `empty error message: ${where}`).toBeGreaterThan(0);
  }
  if (refused) {
    const after = await snapshot(ctx);
    expect(after, `stored change on a refusal: ${where}`).toEqual(before);
  } else if (spec.restore) {
    await spec.restore(world, persona);
  }
  return res;
}

const outcomes = new Map<string, Map<string, number>>();

function tally(spec: RouteSpec, res: LightMyRequestResponse): void {
  let code = '';
  if (res.statusCode >= 400 && String(res.headers['content-type']).startsWith('application/json')) {
    code = String((res.json() as { code?: unknown }).code);
  }
  const byOutcome = outcomes.get(key(spec)) ?? new Map<string, number>();
  const outcome = `${res.statusCode}${code ? ` ${code}` : ''}`;
  byOutcome.set(outcome, (byOutcome.get(outcome) ?? 0) + 1);
  outcomes.set(key(spec), byOutcome);
}

/**
 * With SECURITY_STATS=1, prints how the runs ended per route (status and code), to see that the
 * generators reach past validation into the services rather than only bouncing off the schema.
 */
export function printOutcomes(): void {
  if (!process.env.SECURITY_STATS) return;
  for (const [route, byOutcome] of outcomes) {
    const parts = [...byOutcome].sort((a, b) => b[1] - a[1]).map(([o, n]) => `${o} x${n}`);
    console.log(`${route}: ${parts.join(', ')}`);
  }
}

/** A valid signed link to a persona's resume (for GET /api/files/:id). */
export function signedLink(
  world: World,
  uploadId: string,
): { id: string; expires: string; signature: string } {
  const url = new URL(signFileLink(world.ctx.config.sessionSecret, uploadId).url, PUBLIC_URL);
  return {
    id: uploadId,
    expires: url.searchParams.get('expires')!,
    signature: url.searchParams.get('signature')!,
  };
}

export function qrToken(world: World, applicationId: string): string {
  return makeQrToken(world.ctx.config.sessionSecret, world.ctx.config.event, applicationId);
}

/**
 * A property runs its cases one after another: on a loaded machine that can take longer than the
 * default 30 s, and a test that times out keeps running behind the next one, mixing their snapshots.
 */
export const PROPERTY_TIMEOUT_MS = 240_000;

/** Runs count; FC_RUNS_SCALE multiplies every property's runs (e.g. FC_RUNS_SCALE=20 for a long soak). */
export function runs(base: number): number {
  const scale = Number(process.env.FC_RUNS_SCALE ?? '1');
  return Math.max(1, Math.round(base * (Number.isFinite(scale) && scale > 0 ? scale : 1)));
}

/** fast-check parameters: a seed from FC_SEED replays a failure; otherwise fast-check picks one and prints it. */
export function fcParams(numRuns: number): fc.Parameters<unknown> {
  const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
  return {
    numRuns: runs(numRuns),
    endOnFailure: false,
    ...(seed === undefined || !Number.isFinite(seed) ? {} : { seed }),
    ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
  };
}

/**
 * The property suite of one ROUTE_SPECS group, against its own database: one test per route,
 * each a fast-check property over hostile cases checked by checkCase.
 */
export function routeProperties(
  specs: readonly RouteSpec[],
  opts: { numRuns: number; setup: () => Promise<World>; teardown: () => Promise<void> },
): void {
  let world: World;
  beforeAll(async () => {
    world = await opts.setup();
  });
  afterAll(async () => {
    printOutcomes();
    await opts.teardown();
  });
  for (const spec of specs) {
    it(
      `${key(spec)}: never 5xx, refusals are JSON {error, code}, nothing stored on refusal`,
      async () => {
        await fc.assert(
          fc.asyncProperty(hostileCase(spec, world), async (c) => {
            await checkCase(world, spec, c);
          }),
          fcParams(opts.numRuns),
        );
      },
      PROPERTY_TIMEOUT_MS,
    );
  }
}
