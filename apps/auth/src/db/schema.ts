import { boolean, index, integer, numeric, pgSchema, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The auth service's own PostgreSQL schema. */
export const auth = pgSchema('auth');

export const users = auth.table('users', {
  id: serial('id').primaryKey(),
  /** The sign-in name shown in the UI: a wallet address (lower-cased) or a plain name. */
  address: text('address').notNull(),
  /** lower(address): names are unique regardless of case. */
  addressKey: text('address_key').notNull().unique(),
  userAddress: text('user_address'),
  balance: numeric('balance', { precision: 48, scale: 18 }).notNull().default('0'),
  isSuperAdmin: boolean('is_super_admin').notNull().default(false),
  /** scrypt$N$r$p$salt$hash, null when the user signs in with a wallet only. */
  passwordHash: text('password_hash'),
  /** The shop access token, encrypted (AES-256-GCM) because the UI shows it again. */
  shopTokenSealed: text('shop_token_sealed'),
  /** sha256 of the shop token, to find the user behind a webhook call. */
  shopTokenHash: text('shop_token_hash').unique(),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = auth.table(
  'sessions',
  {
    /** sha256 of the cookie token: a database leak yields no usable session. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const loginNonces = auth.table(
  'login_nonces',
  {
    nonce: text('nonce').primaryKey(),
    address: text('address').notNull(),
    message: text('message').notNull(),
    domain: text('domain').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('login_nonces_address_idx').on(t.address, t.expiresAt)],
);

export const loginFailures = auth.table(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    /** `ip:<address>` or `name:<lower-cased name>` */
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.at)],
);
