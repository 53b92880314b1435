/** A real SMTP peer on 127.0.0.1 for the outbox tests: records what arrives, and when. */
import type net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The Message-ID header, e.g. `<uuid@lanyard>`. */
  messageId: string | undefined;
  from: string | undefined;
  to: string[];
  subject: string | undefined;
  /** The whole message as received (headers and MIME parts). */
  data: string;
  /** Date.now() when the peer accepted the message. */
  at: number;
}

export interface SmtpPeer {
  url: string;
  received: ReceivedMail[];
  /** How many messages were refused (while `refuse` was on). */
  refused: number;
  /** While true, every message is answered with an error (the transfer itself completes). */
  refuse: boolean;
  /** How many times each Message-ID arrived. */
  countsById(): Map<string, number>;
  /** Resolves once `n` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export const REFUSAL = 'Mailbox unavailable for the test';

export async function startSmtpPeer(opts: { refuse?: boolean } = {}): Promise<SmtpPeer> {
  const peer: SmtpPeer = {
    url: '',
    received: [],
    refused: 0,
    refuse: opts.refuse ?? false,
    countsById() {
      const counts = new Map<string, number>();
      for (const m of peer.received) {
        if (m.messageId) counts.set(m.messageId, (counts.get(m.messageId) ?? 0) + 1);
      }
      return counts;
    },
    async waitFor(n, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (peer.received.length < n) {
        if (Date.now() > until) throw new Error(`SMTP peer: ${peer.received.length} of ${n} messages`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => Promise.resolve(),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (peer.refuse) {
          peer.refused += 1;
          return cb(Object.assign(new Error(REFUSAL), { responseCode: 550 }));
        }
        const data = Buffer.concat(chunks).toString('utf8');
        peer.received.push({
          messageId: /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(data)?.[1],
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^Subject:\s*(.*)$/im.exec(data)?.[1]?.replace(/\r$/, ''),
          data,
          at: Date.now(),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  peer.url = `smtp://127.0.0.1:${port}`;
  peer.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return peer;
}

/** A logger that records calls, for createOutboxWorker. */
export function recordingLog(): { log: FastifyBaseLogger; calls: { level: string; args: unknown[] }[] } {
  const calls: { level: string; args: unknown[] }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) => {
      calls.push({ level, args });
    };
  const log = {
    level: 'info',
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    debug: at('debug'),
    trace: at('trace'),
    fatal: at('fatal'),
    silent: () => {},
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, calls };
}

/** A received message as a reader sees it: quoted-printable soft breaks and escapes undone. */
export function mailText(mail: ReceivedMail): string {
  return mail.data
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The single-use token of the mailed link (`?token=...` or `?oob_code=...`) in a received message. */
export function tokenInMail(mail: ReceivedMail, param: 'token' | 'oob_code'): string {
  const text = mailText(mail);
  const match = new RegExp(`[?&]${param}=([\\w%-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${param} link in the e-mail: ${text}`);
  return decodeURIComponent(match[1]);
}
