/**
 * /api/checkin/stations and /api/checkin/scans: stations are defined by admins and used by every
 * desk (admins and volunteers). Registered inside the check-in routes, under their prefix.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@lanyard/shared/common';
import {
  recordScansResponseSchema,
  replayBodySchema,
  replayResponseSchema,
  scanResultSchema,
  stationCountsSchema,
  stationCreateBodySchema,
  stationRecordScanBodySchema,
  stationSchema,
  stationScanBodySchema,
  stationsResponseSchema,
  stationUpdateBodySchema,
} from '@lanyard/shared/stations';
import { errors } from '../../errors';
import { audit } from '../../lib/audit';
import { exportFileName, sendCsvDownload } from '../../lib/csv';
import { perUser } from '../../plugins/rate-limits';
import { readQrToken } from '../checkin/qr';
import { recordScans, stationCounts, stationScansCsv } from './reads';
import { replayScans } from './replay';
import { scanOnce } from './run';
import { buildSnapshot } from './snapshot';
import { createStation, listStations, stationRow, updateStation } from './store';
import { undoScan } from './undo';

const staff = { access: 'staff' as const };
const admin = { access: 'admin' as const };

export const stationRoutes: FastifyPluginAsyncZod = async (app) => {
  const secrets = () => ({ secret: app.config.sessionSecret, event: app.config.event });

  /** A station that takes scans: known and not archived. */
  const openStation = async (id: string) => {
    const station = await stationRow(app.db, id);
    if (station.archivedAt) throw errors.notFound('This station is archived.', 'unknown_station');
    return station;
  };

  app.get(
    '/stations',
    {
      config: staff,
      schema: {
        tags: ['Check-in stations'],
        summary: 'List the stations (meals, swag, workshops) desks scan at',
        response: { 200: stationsResponseSchema },
      },
    },
    async () => ({
      stations: await listStations(app.db),
    }),
  );

  app.post(
    '/stations',
    {
      config: admin,
      schema: {
        tags: ['Check-in stations'],
        summary: 'Create a station',
        body: stationCreateBodySchema,
        response: { 201: stationSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createStation(app.db, request.actor, request.body)),
  );

  app.put(
    '/stations/:id',
    {
      config: admin,
      schema: {
        tags: ['Check-in stations'],
        summary: 'Edit or archive a station',
        params: idParamsSchema,
        body: stationUpdateBodySchema,
        response: { 200: stationSchema },
      },
    },
    async (request) => updateStation(app.db, request.actor, request.params.id, request.body),
  );

  app.get(
    '/stations/counts',
    {
      config: staff,
      schema: {
        tags: ['Check-in stations'],
        summary: 'Get how many people each station has scanned',
        response: { 200: stationCountsSchema },
      },
    },
    async () => stationCounts(app.db, app.config.event),
  );

  // Generous, but bounded: a scanner at a busy meal scans a person every second or two.
  const scanLimit = { rateLimit: { limits: [perUser('station-scan', 600, 60)] } };

  app.post(
    '/stations/:id/scan',
    {
      config: { ...staff, ...scanLimit },
      schema: {
        tags: ['Check-in stations'],
        summary: "Scan someone's door QR code at a station",
        params: idParamsSchema,
        body: stationScanBodySchema,
        response: { 200: scanResultSchema },
      },
    },
    async (request) => {
      const applicationId = readQrToken(app.config.sessionSecret, app.config.event, request.body.token);
      if (!applicationId) throw errors.notFound('This QR code is not one of ours.', 'invalid_qr');
      return scanOnce(app.db, request.actor, app.config.event, {
        stationId: request.params.id,
        target: { applicationId },
        at: new Date(),
        source: 'online',
        deviceId: request.body.device_id,
        clientScanId: request.body.client_scan_id,
        confirm: request.body.confirm ?? false,
      });
    },
  );

  // Search by name, for someone without their code: the same scan, of a check-in record.
  app.post(
    '/stations/:id/scan-record',
    {
      config: { ...staff, ...scanLimit },
      schema: {
        tags: ['Check-in stations'],
        summary: 'Scan someone found by name at a station',
        params: idParamsSchema,
        body: stationRecordScanBodySchema,
        response: { 200: scanResultSchema },
      },
    },
    async (request) => {
      return scanOnce(app.db, request.actor, app.config.event, {
        stationId: request.params.id,
        target: { recordId: request.body.record_id },
        at: new Date(),
        source: 'online',
        deviceId: request.body.device_id,
        clientScanId: request.body.client_scan_id,
        confirm: request.body.confirm ?? false,
      });
    },
  );

  app.post(
    '/scans/:id/undo',
    {
      config: staff,
      schema: {
        tags: ['Check-in stations'],
        summary: 'Undo a station scan',
        params: idParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) =>
      undoScan(
        app.db,
        { ...request.actor, id: request.user!.id, role: request.user!.role },
        request.params.id,
      ),
  );

  app.post(
    '/scans/replay',
    {
      config: { ...staff, rateLimit: { limits: [perUser('station-replay', 120, 60)] } },
      schema: {
        tags: ['Check-in stations'],
        summary: 'Send the scans a station made while offline',
        body: replayBodySchema,
        response: { 200: replayResponseSchema },
      },
    },
    async (request) => ({ results: await replayScans(app.db, request.actor, secrets(), request.body) }),
  );

  app.get(
    '/stations/:id/snapshot',
    {
      config: staff,
      schema: {
        tags: ['Check-in stations'],
        summary: 'Download what a station needs to scan offline',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const station = await openStation(request.params.id);
      const { snapshot, etag } = await buildSnapshot(app.db, secrets(), station);
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return snapshot;
    },
  );

  app.get(
    '/stations/:id/scans.csv',
    {
      config: admin,
      schema: {
        tags: ['Check-in stations'],
        summary: "Download a station's scans as CSV",
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const station = await stationRow(app.db, request.params.id);
      await audit(app.db, request.actor, {
        action: 'export.station_scans',
        targetType: 'station',
        targetId: station.id,
        after: { station: station.name },
      });
      const slug =
        station.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'station';
      return sendCsvDownload(reply, exportFileName(`scans_${slug}`), stationScansCsv(app.db, station));
    },
  );

  app.get(
    '/records/:id/scans',
    {
      config: staff,
      schema: {
        tags: ['Check-in stations'],
        summary: "List a check-in record's station scans",
        params: idParamsSchema,
        response: { 200: recordScansResponseSchema },
      },
    },
    async (request) => recordScans(app.db, request.params.id),
  );
};
