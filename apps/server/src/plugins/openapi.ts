/**
 * The API described by its own schemas: an OpenAPI 3.1 document generated from the zod schemas of
 * every /api route (GET /api/openapi.json, public: the project is open source), and a reference
 * page for admins (GET /api/docs), Swagger UI served from this server, no CDN.
 *
 * The page's files come from @fastify/swagger-ui's package, but through the routes below rather
 * than its plugin: the plugin (and the @fastify/static wildcard it registers) declares no
 * `config.access`, which plugins/auth.ts refuses at start-up, and its `uiHooks` would gate the page
 * outside the access model and the route table the security tests walk. Here every route of the
 * page is an ordinary `access: 'admin'` route, 401/403 like any other admin route.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serverRoot } from '../paths';
import { sponsorMayCall } from '../policies/sponsors';
import type { Access } from './auth';

/** Who may call a route, in the words of the reference page. */
const WHO: Record<Access, string> = {
  public: 'anyone, signed in or not',
  user: 'any signed-in user',
  applicant: 'applicants (hackers and mentors)',
  admin: 'admins',
  staff: 'door staff (admins and check-in volunteers)',
  reviewer: 'reviewers and admins',
  sponsor: 'sponsors',
};

const TAG = 'API reference';

/** The document's sections, in the order the reference page shows them: a route's tag is one of these. */
export const OPENAPI_TAGS: { name: string; description: string }[] = [
  {
    name: 'Accounts and sign-in',
    description: 'Registering, signing in and out, passwords, email verification, single sign-on.',
  },
  {
    name: 'Applications',
    description: "An applicant's own application: drafts, submitting, where it stands.",
  },
  { name: 'Files', description: 'Resume and portfolio uploads, and signed download links.' },
  { name: 'RSVP', description: "Confirming or declining a place; the admins' RSVP list." },
  { name: 'Admissions', description: 'Places per role, the waitlist and offers.' },
  {
    name: 'Privacy',
    description: "Consents, an applicant's data export and account deletion, data retention.",
  },
  { name: 'Review', description: 'Reviewing applications, and the review settings.' },
  {
    name: 'Check-in',
    description: 'The door: check-in records, scans, live updates, QR codes, badges and passes.',
  },
  {
    name: 'Check-in stations',
    description: 'Meals, swag and workshops: stations, their scans, offline use.',
  },
  { name: 'Admin: dashboard', description: "The admin dashboard's counts." },
  { name: 'Admin: applications', description: 'Every application, as admins see and manage them.' },
  { name: 'Admin: decisions', description: 'Statuses, releasing decisions, deciding by review score.' },
  { name: 'Admin: users', description: 'User accounts, and the audit log.' },
  { name: 'Admin: email', description: 'The outbox and the email templates.' },
  { name: 'Admin: announcements', description: 'Announcement emails to groups of applicants.' },
  { name: 'Admin: insights', description: 'The Insights tab: one read per panel.' },
  { name: 'Admin: custom questions', description: 'The custom questions of the application forms.' },
  { name: 'Admin: exports', description: 'CSV and zip downloads.' },
  { name: 'Admin: sponsors', description: "Sponsor accounts and the resume book's rule." },
  { name: 'Sponsors: resume book', description: 'The resume book, for sponsors inside their access window.' },
  { name: 'Settings', description: 'Event settings: the application window, access codes, RSVPs.' },
  { name: 'Health and event', description: 'Liveness, readiness, and the event configuration.' },
  { name: TAG, description: 'This document, and its reference page for admins.' },
];

/** The Swagger UI files the page loads, from the package's own copy (static/ of @fastify/swagger-ui). */
const ASSETS = {
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'index.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
} as const;
type Asset = keyof typeof ASSETS;

const assetDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')),
  'static',
);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Lanyard API reference</title>
    <link rel="stylesheet" href="/api/docs/static/swagger-ui.css" />
    <link rel="stylesheet" href="/api/docs/static/index.css" />
    <link rel="icon" type="image/png" href="/api/docs/static/favicon-32x32.png" sizes="32x32" />
    <link rel="icon" type="image/png" href="/api/docs/static/favicon-16x16.png" sizes="16x16" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/static/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// A file, not an inline script: the app's CSP (script-src 'self') holds for this page too.
// validatorUrl null: the page never calls validator.swagger.io. Try-it-out requests go to this
// origin with the admin's session cookie, as the web app's own do.
const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

function packageVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
    version?: string;
  };
  return pkg.version ?? '0.0.0';
}

export default fp(
  async function openapiPlugin(root: FastifyInstance, opts: { secureCookies: boolean }) {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const cookieName = opts.secureCookies ? '__Host-lanyard_session' : 'lanyard_session';
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Lanyard',
          version: packageVersion(),
          description:
            'The HTTP API of Lanyard, generated from the schemas the server validates with. ' +
            'Each operation says who may call it (`x-access`). Sign in with POST /api/auth/login ' +
            '(or /api/auth/admin/login): the answer sets the session cookie and carries the same ' +
            'session as `access_token`, for an `Authorization: Bearer` header. A change made with ' +
            'the cookie must come from this site (Origin checked); with a bearer token it need not.',
        },
        components: {
          securitySchemes: {
            sessionCookie: {
              type: 'apiKey',
              in: 'cookie',
              name: cookieName,
              description: 'The session cookie set by signing in (HttpOnly, SameSite=Lax).',
            },
            bearerToken: {
              type: 'http',
              scheme: 'bearer',
              description: 'The `access_token` a sign-in returns: the same session as the cookie.',
            },
          },
        },
        security: [{ sessionCookie: [] }, { bearerToken: [] }],
        tags: OPENAPI_TAGS,
      },
      transform: (input) => {
        // Only the API: the web app's pages and files are not part of it.
        if (!input.url.startsWith('/api')) return { schema: { hide: true }, url: input.url };
        const out = jsonSchemaTransform(input);
        const access = input.route.config?.access;
        if (!access) return out;
        const schema = { ...out.schema } as Record<string, unknown>;
        schema['x-access'] = access;
        // A sponsor's session reaches the resume book and only a few of the signed-in routes.
        const method = String([input.route.method].flat()[0]);
        const who =
          access === 'user' && !sponsorMayCall(access, method, input.route.url)
            ? `${WHO.user} except sponsors`
            : WHO[access];
        schema.description = [`Who may call it: ${who}.`, schema.description].filter(Boolean).join('\n\n');
        if (access === 'public') schema.security = [];
        // A module's '/' route under its prefix is reached without the trailing slash, as the
        // route table lists it (/api/settings, not /api/settings/).
        return { schema, url: out.url.replace(/(.)\/$/, '$1') };
      },
      transformObject: jsonSchemaTransformObject,
    });

    // The document is the same for everyone and changes only with a new release: cached briefly,
    // revalidated by its ETag. Worked out once, on the first request (the routes are all known then).
    let document: { body: string; etag: string } | undefined;
    // A route's own onSend hook runs after the security plugin's, which marks every /api answer
    // `no-store`: the public document and Swagger UI's unchanging files may be kept a while (not
    // a refusal: a 401 kept for a day would outlive the sign-in that follows it).
    const cacheFor = (value: string) => ({
      onSend: async (_request: FastifyRequest, reply: FastifyReply) => {
        if (reply.statusCode === 200 || reply.statusCode === 304) reply.header('cache-control', value);
      },
    });
    app.get(
      '/api/openapi.json',
      {
        config: { access: 'public' },
        ...cacheFor('public, max-age=300'),
        schema: { tags: [TAG], summary: 'Get this API described as an OpenAPI 3.1 document' },
      },
      async (request, reply) => {
        if (!document) {
          const body = JSON.stringify(app.swagger());
          const hash = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27);
          document = { body, etag: `"${hash}"` };
        }
        reply.header('etag', document.etag);
        if (request.headers['if-none-match'] === document.etag) return reply.status(304).send();
        return reply.type('application/json; charset=utf-8').send(document.body);
      },
    );

    const admin = { access: 'admin' as const };
    app.get(
      '/api/docs',
      { config: admin, schema: { tags: [TAG], summary: 'Open the API reference page (admins)' } },
      async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE),
    );
    app.get(
      '/api/docs/init.js',
      {
        config: admin,
        schema: { tags: [TAG], summary: 'Get the script that starts the API reference page' },
      },
      async (_request, reply) => reply.type('application/javascript; charset=utf-8').send(INIT),
    );

    const files = new Map<Asset, Buffer>();
    app.get(
      '/api/docs/static/:file',
      {
        config: admin,
        ...cacheFor('private, max-age=86400'),
        schema: {
          tags: [TAG],
          summary: 'Get a file of the API reference page (Swagger UI, served from this server)',
          params: z.object({ file: z.enum(Object.keys(ASSETS) as [Asset, ...Asset[]]) }),
        },
      },
      async (request, reply) => {
        const name = request.params.file;
        let content = files.get(name);
        if (!content) {
          content = await fs.promises.readFile(path.join(assetDir, name));
          files.set(name, content);
        }
        return reply.type(ASSETS[name]).send(content);
      },
    );
  },
  { name: 'openapi', dependencies: ['auth', 'security'] },
);
