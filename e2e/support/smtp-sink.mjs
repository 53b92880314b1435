// A real SMTP peer for the browser tests: the portal under test sends its e-mail here, and the
// tests read what arrived over a small HTTP API (GET /messages). Loopback only.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.SMTP_SINK_PORT);
const httpPort = Number(process.env.SMTP_SINK_HTTP_PORT);
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const subject = /^Subject: (.*(?:\r\n[ \t].*)*)/im.exec(raw)?.[1]?.replace(/\r\n[ \t]/g, ' ') ?? '';
      messages.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        subject: decodeHeader(subject),
        raw,
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / ?B?), as nodemailer writes non-ASCII subjects. */
function decodeHeader(value) {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_m, enc, text) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9a-f]{2})/gi, (_x, h) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

const api = http.createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  if (req.url === '/healthz') return res.end('{"ok":true}');
  if (req.url === '/messages') return res.end(JSON.stringify(messages));
  res.statusCode = 404;
  res.end('{}');
});

smtp.listen(smtpPort, '127.0.0.1', () => api.listen(httpPort, '127.0.0.1'));
const stop = () => smtp.close(() => api.close(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
