import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { eventConfigSchema, type EventConfig } from '@lanyard/shared/event';
import { defaultEventConfigPath } from './paths';
import { DEFAULT_TIMEOUTS, type Timeouts } from './plugins/timeouts';

const KNOWN_WEAK_SECRETS = new Set([
  'secret',
  'changeme',
  'change-me',
  'session-secret',
  'development',
  'lanyard',
]);

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(z.string().url('DATABASE_URL must be a postgres:// URL').optional()),
  PUBLIC_URL: optionalString.pipe(
    z.string().url('PUBLIC_URL must be a URL such as https://apply.example.org').optional(),
  ),
  SMTP_URL: optionalString.pipe(
    z.string().url('SMTP_URL must be a URL such as smtp://user:pass@host:587').optional(),
  ),
  MAIL_FROM: z.string().default('Lanyard <no-reply@localhost>'),
  EMAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  ADMIN_EMAIL: optionalString.pipe(z.string().email('ADMIN_EMAIL must be an e-mail address').optional()),
  ADMIN_PASSWORD: optionalString,
  CHECKIN_UPLOAD_PASSWORD: optionalString,
  SESSION_SECRET: optionalString,
  EVENT_CONFIG: optionalString,
  TRUST_PROXY: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { message: 'LOG_FORMAT must be json or pretty' }).optional(),
  READ_CACHE: z
    .enum(['on', 'off', 'true', 'false', '1', '0', ''], { message: 'READ_CACHE must be on or off' })
    .default('on')
    .transform((v) => v !== 'off' && v !== 'false' && v !== '0'),
  OIDC_ISSUER: optionalString.pipe(
    z.string().url('OIDC_ISSUER must be the issuer URL, such as https://accounts.google.com').optional(),
  ),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_PROVIDER_NAME: optionalString,
  OIDC_ADMIN_EMAILS: optionalString,
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)',
      )
      .optional(),
  ),
  S3_ENDPOINT: optionalString.pipe(
    z
      .string()
      .url('S3_ENDPOINT must be a URL such as https://s3.example.org')
      .refine(
        (v) => /^https?:\/\//.test(v),
        'S3_ENDPOINT must be an http(s) URL such as https://s3.example.org',
      )
      .optional(),
  ),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', ''], { message: 'S3_FORCE_PATH_STYLE must be true or false' })
    .optional(),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  emailRatePerMinute: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Unlocks the check-in CSV upload; unset: upload disabled. */
  checkinUploadPassword: string | undefined;
  sessionSecret: string;
  /**
   * Which peers may tell us the client's address in X-Forwarded-For: false (none), or the proxies'
   * addresses and CIDR ranges, as Fastify's `trustProxy` takes them.
   */
  trustProxy: TrustProxy;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** `pretty`: one readable line per event, for a person at a terminal; `json`: for log collectors. */
  logFormat: LogFormat;
  /** Sessions and applicants' own applications kept in memory, invalidated by NOTIFY (decision 006). */
  readCache: boolean;
  event: EventConfig;
  /** How long clients may take to send a request (plugins/timeouts.ts); tests shorten them. */
  timeouts: Timeouts;
  /**
   * How old a snapshot of review scores the admin list may show while a fresher one is computed
   * (db/review-scores.ts); tests use 0 (always current).
   */
  reviewScoresMaxAgeMs: number;
  /** Rate limits can be loosened by tests that are not about them. */
  /** Admin single sign-on (OpenID Connect); undefined when OIDC_* is not configured. */
  oidc: OidcConfig | undefined;
  /** Files in an S3-compatible bucket; undefined: DATA_DIR/uploads on the local disk. */
  s3: S3Config | undefined;
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Undefined: the AWS SDK's default chain (environment, shared config, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown on the button: "Sign in with {providerName}". */
  providerName: string;
  /** Verified e-mails (lower-cased) that may sign in as admins and get linked on first sign-in. */
  adminEmails: string[];
  /** `${PUBLIC_URL}/api/auth/oidc/callback`, registered at the provider. */
  redirectUri: string;
}

export class ConfigError extends Error {}

export type TrustProxy = false | string[];

/** The names proxy-addr (behind Fastify's trustProxy) knows for whole ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length || address === undefined || bits === undefined || !/^\d{1,3}$/.test(bits)) return false;
  const version = net.isIP(address);
  return version !== 0 && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, `false` or `0` trusts no proxy (the connecting peer is the client); otherwise
 * a comma-separated list of the proxies' addresses or CIDR ranges (or loopback, linklocal,
 * uniquelocal): X-Forwarded-For is read from the right, past those proxies only.
 *
 * Refused, with the reason (docs/decisions/008-trusted-proxies.md):
 * - `true` takes the leftmost X-Forwarded-For value, which the client writes itself, so anyone
 *   could pick the address that rate limits and the audit log see;
 * - a hop count cannot check that the peer is the proxy at all (Fastify 5 trusts nothing for it).
 */
export type LogFormat = 'json' | 'pretty';

/** Unset: readable lines when a person watches the terminal (`npm start`), JSON when piped or in a service. */
export function resolveLogFormat(value: LogFormat | undefined, stdoutIsTty: boolean): LogFormat {
  return value ?? (stdoutIsTty ? 'pretty' : 'json');
}

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim().toLowerCase();
  if (v === undefined || v === '' || v === 'false' || v === '0') return false;
  const example =
    'Set the addresses of your proxies instead, e.g. TRUST_PROXY=127.0.0.1 for nginx on the same machine, or TRUST_PROXY=10.0.0.0/8 for load balancers in that range.';
  if (v === 'true') {
    throw new ConfigError(
      `TRUST_PROXY=true would trust any X-Forwarded-For a client writes, so anyone could choose the address that rate limits see. ${example}`,
    );
  }
  if (/^\d+$/.test(v)) {
    throw new ConfigError(
      `TRUST_PROXY=${v}: a number of proxies cannot prove a request came through them. ${example}`,
    );
  }
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const bad = entries.find((e) => !net.isIP(e) && !isCidr(e) && !PROXY_RANGE_NAMES.has(e));
  if (bad !== undefined || entries.length === 0) {
    throw new ConfigError(
      `TRUST_PROXY: ${JSON.stringify(bad ?? value)} is not an IP address, a CIDR range (such as 10.0.0.0/8), loopback, linklocal or uniquelocal.`,
    );
  }
  return entries;
}

/** Reads the secret from DATA_DIR, making one on first start, so no secret ever ships in the repo. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  try {
    fs.writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    // Another instance made it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw err;
  }
}

export function loadEventConfig(file: string): EventConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConfigError(`EVENT_CONFIG: cannot read ${file}: ${(err as Error).message}`);
  }
  const parsed = eventConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`EVENT_CONFIG ${file} is not valid:\n${problems}`);
  }
  return parsed.data;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function loadOidcConfig(e: z.infer<typeof envSchema>, publicUrl: string): OidcConfig | undefined {
  const required = {
    OIDC_ISSUER: e.OIDC_ISSUER,
    OIDC_CLIENT_ID: e.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: e.OIDC_CLIENT_SECRET,
  };
  const missing = Object.entries(required)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);
  if (missing.length === 3) {
    if (e.OIDC_ADMIN_EMAILS || e.OIDC_PROVIDER_NAME) {
      throw new ConfigError(
        'OIDC_ADMIN_EMAILS or OIDC_PROVIDER_NAME is set, but single sign-on also needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.',
      );
    }
    return undefined;
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `Single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together; missing: ${missing.join(', ')}.`,
    );
  }
  const issuer = new URL(e.OIDC_ISSUER!);
  if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname))) {
    throw new ConfigError('OIDC_ISSUER must be an https:// URL (http:// only for localhost).');
  }
  const adminEmails = (e.OIDC_ADMIN_EMAILS ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v !== '');
  const badEmail = adminEmails.find((v) => !z.string().email().safeParse(v).success);
  if (badEmail !== undefined) {
    throw new ConfigError(`OIDC_ADMIN_EMAILS: ${JSON.stringify(badEmail)} is not an e-mail address.`);
  }
  return {
    issuer: e.OIDC_ISSUER!,
    clientId: e.OIDC_CLIENT_ID!,
    clientSecret: e.OIDC_CLIENT_SECRET!,
    providerName: e.OIDC_PROVIDER_NAME ?? 'Single Sign-On',
    adminEmails: [...new Set(adminEmails)],
    redirectUri: `${publicUrl}/api/auth/oidc/callback`,
  };
}

function loadS3Config(e: z.infer<typeof envSchema>): S3Config | undefined {
  if (!e.S3_BUCKET) {
    const stray = (
      ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const
    ).filter((k) => e[k] !== undefined && e[k] !== '');
    if (stray.length) {
      throw new ConfigError(
        `${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set, but S3_BUCKET is not: set S3_BUCKET to store files in a bucket, or unset them to keep files in DATA_DIR/uploads.`,
      );
    }
    return undefined;
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS default credential chain.',
    );
  }
  // Instances that share a bucket must sign links and QR codes alike; a secret generated in each
  // DATA_DIR would differ (docs/decisions/004-scale-out.md).
  if (e.SESSION_SECRET === undefined) {
    throw new ConfigError(
      'S3_BUCKET is set, so several instances may share the files: set SESSION_SECRET (at least 32 random characters, the same on every instance).',
    );
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.ADMIN_PASSWORD && !e.ADMIN_EMAIL)
    throw new ConfigError('ADMIN_PASSWORD is set but ADMIN_EMAIL is not.');
  if (e.SESSION_SECRET !== undefined) {
    if (e.SESSION_SECRET.length < 32 || KNOWN_WEAK_SECRETS.has(e.SESSION_SECRET.toLowerCase())) {
      throw new ConfigError(
        'SESSION_SECRET is too weak: use at least 32 random characters (or unset it to have one generated in DATA_DIR).',
      );
    }
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const s3 = loadS3Config(e);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    emailRatePerMinute: e.EMAIL_RATE_PER_MINUTE,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    checkinUploadPassword: e.CHECKIN_UPLOAD_PASSWORD,
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    logFormat: resolveLogFormat(e.LOG_FORMAT, process.stdout.isTTY === true),
    readCache: e.READ_CACHE,
    event: loadEventConfig(e.EVENT_CONFIG ? path.resolve(e.EVENT_CONFIG) : defaultEventConfigPath),
    timeouts: DEFAULT_TIMEOUTS,
    reviewScoresMaxAgeMs: 30_000,
    oidc: loadOidcConfig(e, publicUrl),
    s3,
  };
}
