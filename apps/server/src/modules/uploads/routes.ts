import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadedFileSchema, signedUrlResponseSchema } from '@lanyard/shared/application';
import { okSchema } from '@lanyard/shared/common';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../errors';
import { readOrMissing } from '../../lib/read-or-missing';
import { signFileLink, verifyFileLink } from '../../lib/signed-links';
import { mayDeleteFile, mayReadFile, uploadLimits } from '../../policies/uploads';
import * as service from './service';
import { perUser } from '../../plugins/rate-limits';

/** Resume and portfolio uploads share one counter per account. */
const UPLOAD_LIMIT = { limits: [perUser('upload', 30, 600)] };

// Busboy's words for a multipart body that is cut off or broken: plain errors, without a status.
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unsupported Content-Type|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|Malformed)/;

/** A broken multipart body is the client's mistake (400), not ours; storage failures stay as they are. */
function asMalformedUpload(err: unknown): unknown {
  const e = err as { statusCode?: unknown; message?: unknown };
  if (
    e &&
    e.statusCode === undefined &&
    typeof e.message === 'string' &&
    MALFORMED_MULTIPART.test(e.message)
  ) {
    return errors.badRequest(
      'The upload was incomplete or malformed. Please choose the file and try again.',
      'malformed_upload',
    );
  }
  return err;
}

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const upload = async (request: FastifyRequest, purpose: service.UploadPurpose) => {
    const user = request.user!;
    const limits = uploadLimits(purpose, user.role);
    if (!request.isMultipart())
      throw errors.badRequest('Send the file as multipart/form-data in a field named "file".');
    const file = await request
      .file({ limits: { fileSize: limits.maxBytes, files: 1, fields: 0, parts: 2 } })
      .catch((err: unknown) => Promise.reject(asMalformedUpload(err)));
    if (!file || file.fieldname !== 'file') {
      file?.file.resume();
      throw errors.badRequest('Send the file in a field named "file".', 'missing_file');
    }
    const row = await service
      .storeUpload({
        db: app.db,
        storage: app.storage,
        ownerId: user.id,
        purpose,
        source: file.file,
        originalName: file.filename || 'resume',
        limits,
        truncated: () => file.file.truncated,
      })
      .catch((err: unknown) => Promise.reject(asMalformedUpload(err)));
    return service.toUploadedFile(row);
  };

  app.post(
    '/resume',
    {
      config: { access: 'applicant', bodyTimeout: 'upload', rateLimit: UPLOAD_LIMIT },
      schema: {
        tags: ['Files'],
        summary: 'Upload my resume (multipart form)',
        response: { 201: uploadedFileSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await upload(request, 'resume')),
  );

  app.post(
    '/portfolio',
    {
      config: { access: 'applicant', bodyTimeout: 'upload', rateLimit: UPLOAD_LIMIT },
      schema: {
        tags: ['Files'],
        summary: 'Upload a portfolio file (multipart)',
        response: { 201: uploadedFileSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await upload(request, 'portfolio')),
  );

  app.delete(
    '/file/:name',
    {
      config: { access: 'applicant' },
      schema: {
        tags: ['Files'],
        summary: 'Delete a file I uploaded',
        params: z.object({ name: z.string().max(100) }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const id = service.uploadIdFromUrl(request.params.name);
      const row = id ? await service.findUpload(app.db, id) : undefined;
      if (!row || !mayDeleteFile(request.user!, row)) throw errors.notFound('File not found.');
      await service.deleteOwnUpload(app.db, row);
      await app.storage.remove(row.storageKey);
      return { ok: true as const };
    },
  );

  // The owner's own file: a short-lived signed link to it.
  app.get(
    '/file/:name',
    {
      config: { access: 'user' },
      schema: {
        tags: ['Files'],
        summary: 'Open one of my files (redirects to a short-lived signed link)',
        params: z.object({ name: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const id = service.uploadIdFromUrl(request.params.name);
      const row = id ? await service.findUpload(app.db, id) : undefined;
      if (!row || !mayReadFile(request.user!, row)) throw errors.notFound('File not found.');
      return reply.redirect(signFileLink(app.config.sessionSecret, row.id).url, 303);
    },
  );

  app.post(
    '/admin/resume-url',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Files'],
        summary: "Get a short-lived link to an applicant's resume",
        body: z.object({ resume_url: z.string().max(300) }).strict(),
        response: { 200: signedUrlResponseSchema },
      },
    },
    async (request) => {
      const id = service.uploadIdFromUrl(request.body.resume_url);
      const row = id ? await service.findUpload(app.db, id) : undefined;
      if (!row) throw errors.notFound('This applicant did not submit a resume.', 'no_resume');
      const link = signFileLink(app.config.sessionSecret, row.id);
      return { signed_url: link.url, expires_at: link.expiresAt.toISOString() };
    },
  );
};

/** GET /api/files/:id?expires&signature — the signed download itself (no session needed). */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Files'],
        summary: 'Download a file with a signed link (no sign-in needed)',
        params: z.object({ id: z.string().uuid() }),
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }).strict(),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!verifyFileLink(app.config.sessionSecret, id, request.query.expires, request.query.signature)) {
        throw errors.forbidden('This download link has expired. Please open the file again.', 'link_expired');
      }
      const row = await service.findUpload(app.db, id);
      if (!row) throw errors.notFound('File not found.');
      const asciiName = row.originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('content-type', row.contentType)
        .header('content-length', String(row.sizeBytes))
        .header(
          'content-disposition',
          `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(row.originalName)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(readOrMissing(app.storage.read(row.storageKey)));
    },
  );
};
