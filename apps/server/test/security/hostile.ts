/**
 * Hostile input for the property tests: strings, JSON values, keys, bodies, query strings and path
 * segments that real attackers and broken clients send. Everything is a fast-check arbitrary, so a
 * failure shrinks to a small case and is replayed from the seed fast-check prints.
 */
import fc from 'fast-check';

/** Strings that broke real servers: injection, encodings, control and direction characters. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800',
  'x\udc00y',
  '\udfff\ud800',
  '\u202eevil.exe\u202dfdp.pdf',
  '\u200f\u200e\u2066\u2069',
  '\ufeff',
  '\r\nX-Injected: 1\r\n\r\n',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(document.cookie)>',
  '"><svg/onload=alert(1)>',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; select pg_sleep(0)--',
  "\\'; copy users to '/tmp/x'; --",
  '$1',
  '%s%s%s%n',
  '{{constructor.constructor("return process")()}}',
  '${process.exit(1)}',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '//evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '..\\..\\windows\\win.ini',
  '/api/upload/file/../../../etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x7fffffff',
  '99999999999999999999999',
  '0000-00-00',
  '2026-02-30',
  '2026-13-01T25:61:61Z',
  '-271821-04-19T00:00:00.000Z',
  '+275760-09-13T00:00:00.001Z',
  'Invalid Date',
  'not-an-email',
  'a@b',
  '@example.org',
  'admin@example.org\u0000evil@example.org',
  'ADMIN@EXAMPLE.ORG ',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '\u{1F600}\u{1F4A9}\u0301\u0301\u0301',
  'Z\u0351\u0361\u0334\u0335a\u0336\u0337l\u0338g\u0360o',
  '＜script＞alert(1)＜/script＞',
  '=HYPERLINK("http://evil.example","x")',
  '+cmd|" /C calc"!A0',
  '@SUM(1+1)*cmd|" /C calc"!A0',
  '\t=1+1',
];

/** A string of at least 10,000 characters (up to 60,000), of one nasty kind. */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('a', 'é', '\u{1F600}', '<', "'", '\u0000', '\u202e', ' ', '\ud800'),
    fc.integer({ min: 10_001, max: 60_000 }),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

/** Any string: nasty constants, huge ones, and random code units (lone surrogates included). */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: hugeString, weight: 1 },
  // Plausible text with one poisoned character inside: passes length and format checks, then meets storage.
  {
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 12 }),
        fc.constantFrom('\u0000', '\ud800', '\udfff', '\u202e', '\u0007', '\u001b[31m', '\r\n', '\u2028'),
        fc.string({ maxLength: 12 }),
      )
      .map(([a, bad, b]) => `${a}${bad}${b}`),
    weight: 4,
  },
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...NASTY_STRINGS), fc.constantFrom(...NASTY_STRINGS))
      .map(([a, b]) => a + b),
    weight: 2,
  },
);

/** Numbers JSON can carry that code often mishandles. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e-320, 13, 32, 9999),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** A JSON value of any type, nasty strings inside. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 5 },
  { arbitrary: hostileNumber, weight: 2 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.array(hostileString, { maxLength: 50 }), weight: 1 },
  {
    arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 5 }),
    weight: 1,
  },
  { arbitrary: fc.integer({ min: 100, max: 3000 }).map((depth) => nestedValue(depth)), weight: 1 },
);

/** Keys an attacker adds: prototype pollution, fields the caller must not set, nonsense. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'status',
    'role',
    'user_id',
    'userId',
    'id',
    '_id',
    'email',
    'checked_in',
    'checkedIn',
    'rsvp_status',
    'rsvpStatus',
    'decisions_released',
    'access_token',
    'isAdmin',
    '',
    'a'.repeat(10_001),
  ),
  hostileString,
);

/** `[[[...]]]` or `{"a":{"a":...}}` as a value, `depth` levels deep. */
export function nestedValue(depth: number): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** Stands for a value nested far too deep; encodeBody splices the deep JSON text in its place. */
export const DEEP_PLACEHOLDER = '\u0001deep\u0001';

export type Mutation =
  | { kind: 'set'; path: string[]; value: unknown }
  | { kind: 'delete'; path: string[] }
  | { kind: 'proto'; value: unknown };

/** Paths of a valid object, nested objects included (two levels), so mutations reach inside them. */
export function pathsOf(value: Record<string, unknown>, depth = 2): string[][] {
  const out: string[][] = [];
  for (const [k, v] of Object.entries(value)) {
    out.push([k]);
    if (depth > 1 && v !== null && typeof v === 'object' && !Array.isArray(v)) {
      for (const p of pathsOf(v as Record<string, unknown>, depth - 1)) out.push([k, ...p]);
    }
  }
  return out;
}

/** Mutations of a valid object: a field (or a field inside one) made hostile or removed, unknown fields added. */
export function mutations(knownPaths: readonly string[][]): fc.Arbitrary<Mutation[]> {
  const nestedParents = knownPaths.filter((p) =>
    knownPaths.some((q) => q.length > p.length && q[0] === p[0]),
  );
  const path = fc.oneof(
    ...(knownPaths.length ? [{ arbitrary: fc.constantFrom(...knownPaths), weight: 4 }] : []),
    { arbitrary: hostileKey.map((k) => [k]), weight: 2 },
    ...(nestedParents.length
      ? [
          {
            arbitrary: fc.tuple(fc.constantFrom(...nestedParents), hostileKey).map(([p, k]) => [...p, k]),
            weight: 2,
          },
        ]
      : []),
  );
  const value = fc.oneof(
    { arbitrary: hostileValue, weight: 12 },
    { arbitrary: fc.constant(DEEP_PLACEHOLDER), weight: 1 },
  );
  return fc.array(
    fc.oneof(
      { arbitrary: fc.record({ kind: fc.constant('set' as const), path, value }), weight: 6 },
      { arbitrary: fc.record({ kind: fc.constant('delete' as const), path }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('proto' as const), value: hostileValue }), weight: 1 },
    ),
    { minLength: 1, maxLength: 3 },
  );
}

function defineOwn(target: Record<string, unknown>, k: string, value: unknown): void {
  // An own property even for `__proto__`, so JSON.stringify writes it into the body as an attacker would.
  Object.defineProperty(target, k, { value, enumerable: true, configurable: true, writable: true });
}

/** Applies mutations to a copy (nested objects on the path are copied too). */
export function applyMutations(
  base: Record<string, unknown>,
  ops: readonly Mutation[],
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const op of ops) {
    if (op.kind === 'proto') {
      defineOwn(out, '__proto__', { role: 'admin', status: 'accepted', polluted: op.value });
      continue;
    }
    let target = out;
    for (const k of op.path.slice(0, -1)) {
      const inner = target[k];
      if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) break;
      const copy = { ...(inner as Record<string, unknown>) };
      defineOwn(target, k, copy);
      target = copy;
    }
    const last = op.path[op.path.length - 1]!;
    if (op.kind === 'delete') delete target[last];
    else defineOwn(target, last, op.value);
  }
  return out;
}

/** How a body is put on the wire: mostly JSON, sometimes with a lying or missing content type. */
export type BodyEncoding =
  | 'json'
  | 'json-no-type'
  | 'text-plain'
  | 'form'
  | 'multipart-no-boundary'
  | 'xml'
  | 'json-utf16'
  | 'truncated'
  | 'empty-json'
  | 'deep-array'
  | 'deep-object'
  | 'duplicate-keys'
  | 'constructor-prototype';

export const bodyEncoding: fc.Arbitrary<BodyEncoding> = fc.oneof(
  { arbitrary: fc.constant('json' as const), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      'json-no-type',
      'text-plain',
      'form',
      'multipart-no-boundary',
      'xml',
      'json-utf16',
      'truncated',
      'empty-json',
      'deep-array',
      'deep-object',
      'duplicate-keys',
      'constructor-prototype',
    ),
    weight: 4,
  },
);

/** A body and its headers for app.inject, from a value and an encoding. */
export function encodeBody(
  value: unknown,
  encoding: BodyEncoding,
): { payload?: string; headers: Record<string, string> } {
  const json = (JSON.stringify(value) ?? 'null').replace(
    JSON.stringify(DEEP_PLACEHOLDER),
    '['.repeat(20_000) + '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000) + ']'.repeat(20_000),
  );
  const withType = (type: string, payload: string) => ({ payload, headers: { 'content-type': type } });
  switch (encoding) {
    case 'json':
      return withType('application/json', json);
    case 'json-no-type':
      return { payload: json, headers: {} };
    case 'text-plain':
      return withType('text/plain', json);
    case 'form':
      return withType('application/x-www-form-urlencoded', 'role=admin&status=accepted');
    case 'multipart-no-boundary':
      return withType('multipart/form-data', json);
    case 'xml':
      return withType(
        'application/xml',
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
      );
    case 'json-utf16':
      return withType('application/json; charset=utf-16', json);
    case 'truncated':
      return withType('application/json', json.slice(0, Math.max(1, Math.floor(json.length / 2))));
    case 'empty-json':
      return withType('application/json', '');
    case 'deep-array':
      return withType('application/json', '['.repeat(100_000) + ']'.repeat(100_000));
    case 'deep-object':
      return withType('application/json', '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000));
    case 'duplicate-keys':
      return withType(
        'application/json',
        json.startsWith('{') && json.length > 2 ? `{"role":"admin",${json.slice(1)}` : json,
      );
    case 'constructor-prototype':
      return withType(
        'application/json',
        json.startsWith('{') && json.length > 2
          ? `{"constructor":{"prototype":{"isAdmin":true}},${json.slice(1)}`
          : '{"constructor":{"prototype":{"isAdmin":true}}}',
      );
  }
}

/**
 * Percent-encodes every UTF-8 byte that is not unreserved. Unlike encodeURIComponent it does not
 * throw on a lone surrogate (it is sent as U+FFFD, what a browser would send); the raw bytes of a
 * surrogate (`%ED%A0%80`) are in the constant lists instead.
 */
export function pct(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A hostile query string (without the `?`): encoded nasties, raw bad escapes, arrays, pollution. */
export const hostileQuery: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.tuple(hostileKey, hostileString).map(([k, v]) => `${pct(k)}=${pct(v)}`),
      fc.constantFrom(
        '%ZZ',
        'a=%E0%A4%A',
        'a=%ED%A0%80',
        '__proto__=x',
        '__proto__[role]=admin',
        'constructor[prototype][role]=admin',
        'q[]=a&q[]=b',
        'q=a&q=b',
        'q',
        '=',
        '&&&',
        'expires=-1&signature=',
        'expires=1e400',
        'page=-1&limit=1000000',
        'redirect=//evil.example',
        'redirect=https://evil.example',
        'code=x&state=x',
        'error=access_denied&state=x',
        `q=${'a'.repeat(20_000)}`,
      ),
    ),
    { maxLength: 4 },
  )
  .map((parts) => parts.join('&'));

/** A hostile path segment, percent-encoded or raw (raw ones may change which route matches). */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  hostileString.map((s) => pct(s)),
  fc.constantFrom(
    '%ZZ',
    '%00',
    '..',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2f',
    '%C0%AE%C0%AE',
    '%ED%A0%80',
    'a%2Fb',
  ),
);

/** How the caller authenticates. */
export type Transport = 'bearer' | 'cookie' | 'cookie-foreign-origin' | 'none' | 'bad-bearer' | 'bad-cookie';

export const transport: fc.Arbitrary<Transport> = fc.oneof(
  { arbitrary: fc.constant('bearer' as const), weight: 6 },
  { arbitrary: fc.constant('cookie' as const), weight: 2 },
  { arbitrary: fc.constantFrom('cookie-foreign-origin', 'none', 'bad-bearer', 'bad-cookie'), weight: 2 },
);
