import type { DbOrTx } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';
import type { RenderedEmail } from './templates';

/**
 * Queues a message. Call it with the transaction that makes the change the message is about,
 * so the mail exists exactly when the change does. A repeated dedupeKey is ignored.
 */
export async function enqueueEmail(
  db: DbOrTx,
  message: RenderedEmail & { to: string; kind: string; dedupeKey?: string; userId?: string },
): Promise<void> {
  await db
    .insert(emailOutbox)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      kind: message.kind,
      dedupeKey: message.dedupeKey ?? null,
      userId: message.userId ?? null,
    })
    .onConflictDoNothing();
}
