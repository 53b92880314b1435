import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { authTokens, emailOutbox, users } from '../../db/schema/index';
import { hashToken, randomToken } from '../../lib/tokens';
import { enqueueEmail } from '../email/outbox';
import { passwordResetEmail, verificationEmail } from '../email/templates';
import type { LinkMailer } from '../email/worker';

/**
 * E-mails that carry a single-use link (docs/decisions/007). The outbox holds a reference (the
 * account, or for a reset request the address asked about), never the link: the worker mints the
 * token and renders the link in the step that sends the message, so no stored copy of the mail,
 * before or after sending, can be replayed, and no token exists while mail cannot go out.
 */

export const LINK_WITHHELD = '[link withheld: it is made when the message is sent]';
export const LINK_KINDS = ['email_verification', 'password_reset'] as const;
type LinkKind = (typeof LINK_KINDS)[number];

const TTL_MS: Record<LinkKind, number> = {
  email_verification: 48 * 3600_000,
  password_reset: 3600_000,
};

function render(config: AppConfig, kind: LinkKind, url: string) {
  return kind === 'password_reset'
    ? passwordResetEmail(config.event, url)
    : verificationEmail(config.event, url);
}

/** Queues a verification e-mail for an account; call it in the transaction that makes the need. */
export async function queueVerification(
  db: DbOrTx,
  config: AppConfig,
  user: { id: string; email: string },
): Promise<void> {
  await enqueueEmail(db, {
    to: user.email,
    kind: 'email_verification',
    userId: user.id,
    ...render(config, 'email_verification', LINK_WITHHELD),
  });
}

/**
 * Queues a reset request for an address, known or not: the caller's work (one insert, no lookup)
 * is the same either way, so its timing says nothing about the account. The worker looks it up.
 */
export async function queueResetRequest(db: DbOrTx, config: AppConfig, email: string): Promise<void> {
  await enqueueEmail(db, {
    to: email,
    kind: 'password_reset',
    ...render(config, 'password_reset', LINK_WITHHELD),
  });
}

export function createLinkMailer(config: AppConfig): LinkMailer {
  return {
    kinds: LINK_KINDS,

    async render(db, row) {
      const kind = row.kind as LinkKind;
      // A verification belongs to an account; a reset request only names an address.
      const [user] = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(row.userId ? eq(users.id, row.userId) : eq(users.email, row.toAddress))
        .limit(1);
      if (!user) return undefined;
      const token = randomToken();
      await db.insert(authTokens).values({
        userId: user.id,
        kind,
        tokenHash: hashToken(config.sessionSecret, token),
        expiresAt: new Date(Date.now() + TTL_MS[kind]),
      });
      const path = kind === 'password_reset' ? 'reset-password?oob_code=' : 'verify-email?token=';
      return {
        to: user.email,
        ...render(config, kind, `${config.publicUrl}/${path}${encodeURIComponent(token)}`),
      };
    },

    async forgetUnknown(db: Db) {
      // One statement: a request queued meanwhile is either seen whole or left for the next pass.
      const dropped = await db
        .delete(emailOutbox)
        .where(
          and(
            eq(emailOutbox.kind, 'password_reset'),
            eq(emailOutbox.status, 'pending'),
            isNull(emailOutbox.userId),
            sql`not exists (select 1 from ${users} where ${users.email} = ${emailOutbox.toAddress})`,
          ),
        )
        .returning({ id: emailOutbox.id });
      // The rest belong to accounts: tie them to it, so they go if the account is deleted.
      await db.execute(sql`
        update email_outbox o set user_id = u.id from users u
        where o.kind = 'password_reset' and o.status = 'pending' and o.user_id is null
          and u.email = o.to_address`);
      return dropped.length;
    },
  };
}
