/**
 * Property tests of the upload routes (ROUTE_SPECS group "upload"): the generic hostile cases, and
 * malformed multipart bodies for POST /api/upload/resume and /portfolio (broken framing, lying
 * types, hostile file names, executables, several files, wrong fields). Never a 5xx, refusals are
 * JSON `{error, code}`, and a refused upload leaves no row and no file (temp files included).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { docBytes, docxBytes, exeBytes, pdfBytes, zipBytes } from '../applicant';
import { createTestContext, type TestContext } from '../helper';
import { multipart, type FormPart } from '../multipart';
import {
  checkCase,
  createWorld,
  fcParams,
  key,
  PROPERTY_TIMEOUT_MS,
  routeProperties,
  type RouteSpec,
  type World,
} from './harness';
import { hostileString, transport } from './hostile';
import { ROUTE_SPECS, specsOf } from './routes';

let ctx: TestContext | undefined;
let world: World | undefined;

describe('upload routes under hostile input', () => {
  routeProperties(specsOf('upload'), {
    numRuns: 40,
    async setup() {
      ctx = await createTestContext();
      world = await createWorld(ctx);
      return world;
    },
    teardown: async () => ctx?.close(),
  });

  const content = fc.oneof(
    { arbitrary: fc.constantFrom(pdfBytes(), docxBytes()), weight: 2 },
    fc.constantFrom(
      pdfBytes(),
      docBytes(),
      docxBytes(),
      exeBytes(),
      Buffer.alloc(0),
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('<script>alert(1)</script>')]),
      Buffer.from('PK\u0003\u0004not really a zip'),
      // The names Word needs only in the zip comment: not a DOCX.
      zipBytes([['index.html', '<html><script>alert(1)</script></html>']], { comment: 'word/document.xml' }),
      Buffer.from([0xd0, 0xcf, 0x11]),
    ),
    fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
  );
  const fileName = fc.oneof(
    fc.constantFrom(
      'resume.pdf',
      '../../../../etc/passwd',
      '..\\..\\boot.ini',
      'resume.pdf.exe',
      'évil\u202efdp.exe',
      '',
      '.htaccess',
      'a"; name="file',
      'x'.repeat(10_001),
    ),
    hostileString,
  );
  const framing = fc.constantFrom(
    'ok',
    'ok',
    'ok',
    'no-closing-boundary',
    'truncated',
    'lf-only',
    'wrong-boundary',
    'no-boundary-param',
    'quoted-boundary',
    'preamble',
    'two-files',
    'field-first',
    'no-filename',
    'huge-header',
    'multipart-mixed',
  );
  const multipartCase = fc.record({
    persona: fc.constantFrom('hacker' as const, 'mentor' as const, 'hacker' as const, 'anonymous' as const),
    transport: fc.oneof(
      { arbitrary: fc.constant('bearer' as const), weight: 4 },
      { arbitrary: transport, weight: 1 },
    ),
    fieldName: fc.oneof(
      { arbitrary: fc.constant('file'), weight: 4 },
      { arbitrary: fc.constantFrom('resume', '', 'file[]', '__proto__', 'f'.repeat(200)), weight: 1 },
    ),
    fileName,
    partType: fc.oneof(
      { arbitrary: fc.constant('application/pdf'), weight: 3 },
      {
        arbitrary: fc.constantFrom('application/x-msdownload', 'text/html', '', 'image/png', '../x'),
        weight: 1,
      },
    ),
    content,
    framing,
  });

  type MultipartCase = typeof multipartCase extends fc.Arbitrary<infer T> ? T : never;

  function body(c: MultipartCase) {
    const file = (content: Buffer): FormPart => ({
      name: c.fieldName,
      ...(c.framing === 'no-filename' ? {} : { filename: c.fileName }),
      contentType: c.partType,
      content,
      ...(c.framing === 'huge-header' ? { headers: { 'X-Padding': 'a'.repeat(100_000) } } : {}),
    });
    const parts: FormPart[] = [];
    if (c.framing === 'field-first') parts.push({ name: 'status', value: 'accepted' });
    parts.push(file(c.content));
    if (c.framing === 'two-files') parts.push(file(exeBytes()));
    const built = multipart(parts, {
      newline: c.framing === 'lf-only' ? '\n' : '\r\n',
      ...(c.framing === 'preamble' ? { preamble: 'garbage before the first boundary' } : {}),
      close: c.framing !== 'no-closing-boundary' && c.framing !== 'truncated',
    });
    const { boundary } = built;
    let payload = built.payload;
    if (c.framing === 'truncated')
      payload = payload.subarray(0, Math.max(10, Math.floor(payload.length / 2)));
    const type =
      c.framing === 'wrong-boundary'
        ? `multipart/form-data; boundary=${boundary}x`
        : c.framing === 'no-boundary-param'
          ? 'multipart/form-data'
          : c.framing === 'quoted-boundary'
            ? `multipart/form-data; boundary="${boundary}"`
            : c.framing === 'multipart-mixed'
              ? `multipart/mixed; boundary=${boundary}`
              : `multipart/form-data; boundary=${boundary}`;
    return { payload, type };
  }

  for (const url of ['/api/upload/resume', '/api/upload/portfolio']) {
    const spec = ROUTE_SPECS.find((s) => key(s) === `POST ${url}`)!;
    it(
      `POST ${url}: malformed multipart never 5xx, refusals are JSON, a refused upload stores nothing`,
      async () => {
        await fc.assert(
          fc.asyncProperty(multipartCase, async (c) => {
            const { payload, type } = body(c);
            // The multipart body goes through checkCase as the raw payload of a one-off spec.
            const rawSpec: RouteSpec = {
              ...spec,
              valid: () => ({}),
            };
            const res = await checkCase(world!, rawSpec, {
              persona: c.persona,
              transport: c.transport,
              params: {},
              query: '',
              body: { kind: 'raw', payload, contentType: type },
              encoding: 'json',
            });
            if (res.statusCode === 201) {
              // Accepted only for what the content says is allowed, under a name the server made.
              const json = res.json() as { name: string; original_name: string; content_type: string };
              expect(json.name).toMatch(/^[0-9a-f-]{36}$/);
              // The display name keeps no path separator and no control character.
              // eslint-disable-next-line no-control-regex
              expect(json.original_name).not.toMatch(/[/\\\u0000-\u001f]/);
              expect(json.content_type).toMatch(
                /^(application\/pdf|application\/msword|application\/vnd\.openxmlformats|image\/(png|jpeg))/,
              );
            }
          }),
          fcParams(100),
        );
      },
      PROPERTY_TIMEOUT_MS,
    );
  }
});
