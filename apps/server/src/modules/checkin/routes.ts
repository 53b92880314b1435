import QRCode from 'qrcode';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkInBodySchema,
  checkinRecordSchema,
  checkinRecordsQuerySchema,
  checkinRecordsResponseSchema,
  checkinStatsSchema,
  importRsvpsResponseSchema,
  qrResponseSchema,
  scanBodySchema,
  uploadCsvResponseSchema,
  type CheckinEvent,
} from '@lanyard/shared/checkin';
import { idParamsSchema } from '@lanyard/shared/common';
import { AppError, errors } from '../../errors';
import type { CheckinLive } from './live';
import { makeQrToken, readQrToken } from './qr';
import { guardStream } from './stream-guard';
import { passwordMatches, readCsvUpload } from './csv-upload';
import * as door from './door';
import * as service from './service';
import { undoCheckIn } from './undo';
import { perUser } from '../../plugins/rate-limits';

const staff = { access: 'staff' as const };

declare module 'fastify' {
  interface FastifyInstance {
    checkinLive: CheckinLive | undefined;
  }
}

export const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  // Open event streams, ended when the server closes so shutdown does not wait on them. This must
  // be preClose: onClose hooks run only after the HTTP server has closed, which waits on them.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.get(
    '/stats',
    {
      config: staff,
      schema: {
        tags: ['Check-in'],
        summary: 'Get check-in totals: expected, checked in, still to come',
        response: { 200: checkinStatsSchema },
      },
    },
    async () => service.stats(app.db),
  );

  app.get(
    '/records',
    {
      config: staff,
      schema: {
        tags: ['Check-in'],
        summary: 'List check-in records, with search, filters and paging',
        querystring: checkinRecordsQuerySchema,
        response: { 200: checkinRecordsResponseSchema },
      },
    },
    async (request) => service.listRecords(app.db, request.query),
  );

  // Bodies are checked in the service: a create says "Missing fields" with their names.
  app.post(
    '/records',
    {
      config: staff,
      schema: {
        tags: ['Check-in'],
        summary: 'Add a check-in record by hand (a walk-in)',
        body: z.record(z.string(), z.unknown()),
        response: { 201: checkinRecordSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRecord(app.db, request.actor, request.body)),
  );

  app.put(
    '/records/:id',
    {
      config: staff,
      schema: {
        tags: ['Check-in'],
        summary: "Edit a check-in record's details",
        params: idParamsSchema,
        body: z.record(z.string(), z.unknown()),
        response: { 200: checkinRecordSchema },
      },
    },
    async (request) => {
      const {
        _id: _a,
        created_at: _b,
        updated_at: _c,
        checked_in: _d,
        checked_in_at: _e,
        checked_in_by_email: _f,
        application_id: _g,
        ...fields
      } = request.body as Record<string, unknown>;
      return service.updateRecord(app.db, request.actor, request.params.id, fields);
    },
  );

  app.put(
    '/records/:id/checkin',
    {
      config: staff,
      schema: {
        tags: ['Check-in'],
        summary: 'Check someone in, or undo their check-in',
        params: idParamsSchema,
        body: checkInBodySchema,
        response: { 200: checkinRecordSchema },
      },
    },
    async (request) =>
      (request.body.checked_in ? door.checkIn : undoCheckIn)(app.db, request.actor, request.params.id),
  );

  /** The "Restricted Access" password; without one configured, the CSV upload is off. */
  const uploadPassword = (): string => {
    const expected = app.config.checkinUploadPassword;
    if (!expected)
      throw new AppError(
        403,
        'upload_disabled',
        'CSV upload is not configured (set CHECKIN_UPLOAD_PASSWORD).',
      );
    return expected;
  };

  app.post(
    '/upload-csv',
    {
      config: { ...staff, bodyTimeout: 'upload', rateLimit: { limits: [perUser('csv-upload', 20, 600)] } },
      schema: {
        tags: ['Check-in'],
        summary: 'Import check-in records from a CSV file (needs the upload password)',
        response: { 200: uploadCsvResponseSchema },
      },
    },
    async (request) => {
      const expected = uploadPassword();
      const { password, replace, text } = await readCsvUpload(request);
      // The password is checked before the file is read into the database, and never echoed.
      if (!passwordMatches(password, expected))
        throw new AppError(401, 'incorrect_password', 'Incorrect password');
      if (text === undefined) throw errors.badRequest('Please select a CSV file to upload', 'no_file');
      return service.importCsv(app.db, request.actor, text, replace);
    },
  );

  app.post(
    '/upload-csv/verify-password',
    {
      config: { ...staff, rateLimit: { limits: [perUser('csv-password', 10, 600)] } },
      schema: {
        tags: ['Check-in'],
        summary: 'Check the CSV upload password before choosing a file',
        body: z.object({ password: z.string().max(200) }).strict(),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      if (!passwordMatches(request.body.password, uploadPassword()))
        throw new AppError(401, 'incorrect_password', 'Incorrect password');
      return { ok: true as const };
    },
  );

  app.post(
    '/import-rsvps',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Check-in'],
        summary: 'Make check-in records for everyone who confirmed their place',
        response: { 200: importRsvpsResponseSchema },
      },
    },
    async (request) => door.importFromRsvps(app.db, request.actor),
  );

  app.post(
    '/scan',
    {
      config: staff,
      schema: {
        tags: ['Check-in'],
        summary: 'Check someone in by scanning their door QR code',
        body: scanBodySchema,
        response: { 200: checkinRecordSchema },
      },
    },
    async (request) => {
      const applicationId = readQrToken(app.config.sessionSecret, app.config.event, request.body.token);
      if (!applicationId) throw errors.notFound('This QR code is not one of ours.', 'invalid_qr');
      return door.recordForScan(app.db, applicationId);
    },
  );

  // Live updates for every desk (server-sent events).
  app.get(
    '/events',
    {
      schema: {
        tags: ['Check-in'],
        summary: "Follow check-ins live (server-sent events) to keep every desk's list current",
      },
      config: staff,
    },
    async (request, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 2000\n\n');
      const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
      // Check-ins flow only while the session and role that opened the stream last (issue 13, item 6).
      const unguard = guardStream({
        db: app.db,
        live: app.checkinLive,
        user: request.user!,
        send: (event: CheckinEvent) => res.write(`event: checkin\ndata: ${JSON.stringify(event)}\n\n`),
        end: () => end(),
      });
      const end = () => {
        clearInterval(ping);
        unguard();
        streams.delete(end);
        if (!res.writableEnded) res.end();
      };
      streams.add(end);
      request.raw.on('close', end);
    },
  );
};

/** GET /api/checkin/qr/:token — the QR image for e-mails; only our own valid codes are drawn. */
export const qrImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/qr/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Check-in'],
        summary: 'Get the QR code image for a door code (as linked from emails)',
        params: z.object({ token: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      if (!readQrToken(app.config.sessionSecret, app.config.event, request.params.token)) {
        throw errors.notFound('This QR code is not one of ours.', 'invalid_qr');
      }
      const png = await QRCode.toBuffer(request.params.token, {
        width: 480,
        margin: 2,
        errorCorrectionLevel: 'M',
      });
      return reply.type('image/png').header('cache-control', 'private, max-age=86400').send(png);
    },
  );
};

/** GET /api/applications/me/qr: the door QR code of an accepted applicant who confirmed. */
export const applicantQrRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/qr',
    {
      config: { access: 'applicant' },
      schema: {
        tags: ['Check-in'],
        summary: 'Get my door QR code (accepted applicants who confirmed)',
        response: { 200: qrResponseSchema },
      },
    },
    async (request) => {
      const applicationId = await door.doorCodeApplicationId(app.db, request.user!.id);
      if (!applicationId) {
        throw errors.notFound('Your check-in code appears once you have confirmed your attendance.', 'no_qr');
      }
      return { token: makeQrToken(app.config.sessionSecret, app.config.event, applicationId) };
    },
  );
};
