/**
 * The one way tests read a mailed link: the outbox never holds one (links are made when a message
 * is sent, docs/decisions/007), so a test sends the outbox to a real SMTP peer and reads it there.
 */
import { createOutboxWorker, type OutboxWorker } from '../src/modules/email/worker';
import { createLinkMailer } from '../src/modules/auth/link-mail';
import type { TestContext } from './helper';
import { recordingLog, startSmtpPeer, tokenInMail, type ReceivedMail, type SmtpPeer } from './smtp';

const PARAM = { email_verification: 'token', password_reset: 'oob_code' } as const;
const SUBJECT = { email_verification: /^Verify your email/, password_reset: /^Reset your / } as const;

export interface Mailbox {
  peer: SmtpPeer;
  worker: OutboxWorker;
  /** Sends what the outbox holds, then answers the messages `to` received, oldest first. */
  mailsTo(to: string): Promise<ReceivedMail[]>;
  /** Sends what the outbox holds, then answers the token of the newest `kind` message to `to`. */
  token(to: string, kind: keyof typeof PARAM): Promise<string>;
  close(): Promise<void>;
}

export async function openMailbox(ctx: TestContext): Promise<Mailbox> {
  const peer = await startSmtpPeer();
  const worker = createOutboxWorker({
    db: ctx.database.db,
    smtpUrl: peer.url,
    from: 'Lanyard Test <no-reply@example.org>',
    log: recordingLog().log,
    links: createLinkMailer(ctx.config),
  });
  const mailsTo = async (to: string) => {
    await worker.drain();
    return peer.received.filter((m) => m.to.includes(to));
  };
  return {
    peer,
    worker,
    mailsTo,
    async token(to, kind) {
      const mail = (await mailsTo(to)).filter((m) => SUBJECT[kind].test(m.subject ?? '')).at(-1);
      if (!mail) throw new Error(`no ${kind} e-mail reached ${to}`);
      return tokenInMail(mail, PARAM[kind]);
    },
    async close() {
      await worker.stop();
      await peer.close();
    },
  };
}
