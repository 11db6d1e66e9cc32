import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Times are integer epoch milliseconds (DESIGN §3). */
const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    /** Public (`/u/{username}`): lower-case a-z, 0-9, `_`, `-`, written lower-cased by the schema. */
    username: text("username").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    /** YYYY-MM-DD; only the date part of a birth date is kept. */
    dateOfBirth: text("date_of_birth"),
    accentColor: text("accent_color").notNull().default("orange"),
    /** IANA zone for day-based statistics; set from the browser on first sign-in. */
    timeZone: text("time_zone"),
    /**
     * The account's WebAuthn user handle (its passkeys' `user.id`): 32 random bytes in hex, never the
     * sequential id, so a passkey tells nothing of the account's place or age (WebAuthn §14.6.1). Filled by
     * migration 0019's trigger for every new row, however it is inserted (the API, `npm run user`, a test).
     */
    userHandle: text("user_handle").unique(),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    /**
     * When the account was deleted, while its rows are still being removed a part at a time
     * (auth/delete-account.ts): it can no longer be signed in to, found or named; null for every other.
     */
    leavingSince: integer("leaving_since"),
  },
  (t) => [
    // Unique without regard to case even for a row written around the API (a script, the console), so no
    // `Annie` can stand beside `annie` (migration 0007 resolved the clashes that existed before it).
    uniqueIndex("users_username_lower").on(sql`lower(${t.username})`),
    index("users_leaving").on(t.leavingSince).where(sql`leaving_since IS NOT NULL`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    /** The browser's User-Agent when it signed in (at most SESSION_AGENT_MAX characters), for the list of sessions. */
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_id").on(t.userId)],
);

/**
 * Attempts counted by the throttles (throttle.ts), keyed `account:<email>`, `device:<id>`, `client:<address>`,
 * `password:<user id>`, `signup:<email>` or `signup-client:<address>`; `client` is the address that made
 * the attempt (null for rows older than the column), so a sign-in's success takes back its own address's
 * failures and never a stranger's.
 */
export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull(),
    at: integer("at").notNull(),
    client: text("client"),
  },
  (t) => [index("login_attempts_key_at").on(t.key, t.at)],
);

/**
 * The account's passkeys (WebAuthn credentials, auth/passkeys.ts): each its credential id (base64url, the
 * authenticator's), public key (COSE, base64url), signature counter, transports, the name the person gave
 * it, when it was added and last used. A passkey signs in without a password; its sessions are sessions like
 * any other.
 */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** JSON list of the authenticator's transports (usb, internal, hybrid…). */
    transports: text("transports").notNull().default("[]"),
    name: text("name").notNull(),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at"),
  },
  (t) => [index("passkeys_user").on(t.userId)],
);

/**
 * The WebAuthn challenges handed out and not yet used (auth/passkeys.ts): each keyed by the SHA-256 of a
 * random nonce that only the browser which asked holds (an HttpOnly cookie), so a challenge answers only for
 * that browser; a registration's names its account too. Used once: the batch that accepts an answer spends
 * it (migration 0019's `webauthn_challenge_spend`), and a refused answer deletes it.
 */
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    /** SHA-256 of the browser's nonce, base64url. */
    id: text("id").primaryKey(),
    /** "register" or "login". */
    purpose: text("purpose").notNull(),
    /** A registration's account; null for a sign-in's. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    challenge: text("challenge").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [
    index("webauthn_challenges_expires_at").on(t.expiresAt),
    // The foreign key's own: a change to a users row (a sign-up's user handle, an account's deletion) looks
    // its challenges up here, not through the whole table.
    index("webauthn_challenges_user").on(t.userId),
  ],
);

/**
 * Invite links (auth/invites.ts): each makes one account, where sign-up is closed too, within INVITE_DAYS.
 * The token is a lookup (found by its unique index) and a secret, of which only the SHA-256 is kept and
 * compared in constant time. `spent_by` is the random mark of the sign-up that used it, written in the batch
 * that makes the account, so of two sign-ups racing on one invite only the one whose mark it holds makes
 * one. The inviter's account leaving takes its invites with it.
 */
export const invites = sqliteTable(
  "invites",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lookup: text("lookup").notNull().unique(),
    /** SHA-256 of the secret, base64url. */
    secretHash: text("secret_hash").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    spentBy: text("spent_by"),
  },
  (t) => [index("invites_user").on(t.userId)],
);
