// Single sign-on (OpenID Connect): linked provider accounts and sign-ins in flight.
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './core';

/** Single sign-on: an account at an OpenID provider (issuer + subject) linked to a user here. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The provider's e-mail when the link was made (for people reading the table). */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_key').on(t.issuer, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/**
 * Single sign-on attempts in flight: state, nonce and PKCE verifier, keyed by the keyed hash of a
 * random value kept in a short-lived cookie. Each row is used at most once and lives ten minutes.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    idHash: text('id_hash').primaryKey(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectPath: text('redirect_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_logins_expires_idx').on(t.expiresAt)],
);
