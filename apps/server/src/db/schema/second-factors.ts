import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * An account's second factors (decision 040): passkeys (WebAuthn credentials) and at most one
 * authenticator app (TOTP). No secret is readable from a copy of the database alone: a passkey
 * keeps only its public key, and the TOTP secret is sealed with a key derived from TOKEN_SECRET.
 */
export const secondFactors = pgTable(
  "second_factors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["passkey", "totp"] }).notNull(),
    /** The name its owner gave it. */
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    /** A passkey: its credential id (base64url), COSE public key (base64url), signature counter, transports. */
    credentialId: text("credential_id"),
    publicKey: text("public_key"),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").array(),
    /** An authenticator app: the secret sealed with AES-256-GCM, and the last time step accepted (no replay). */
    totpSecret: text("totp_secret"),
    totpLastStep: bigint("totp_last_step", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    index("second_factors_user_idx").on(t.userId),
    uniqueIndex("second_factors_credential_key").on(t.credentialId),
    uniqueIndex("second_factors_one_totp_key").on(t.userId).where(sql`${t.kind} = 'totp'`),
    check(
      "second_factors_kind_check",
      sql`(${t.kind} = 'passkey' and ${t.credentialId} is not null and ${t.publicKey} is not null)
        or (${t.kind} = 'totp' and ${t.totpSecret} is not null)`,
    ),
  ],
);
export type SecondFactorRow = typeof secondFactors.$inferSelect;

/** Ten single-use codes per account, for a lost phone: only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("recovery_codes_user_code_key").on(t.userId, t.codeHash)],
);

/**
 * The challenge of a WebAuthn ceremony, on whichever app server it ends: taken with
 * `DELETE … RETURNING`, so that it answers once; 5 minutes at most.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    challenge: text("challenge").primaryKey(),
    /** null for a passwordless sign-in (the passkey names its account). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["register", "second-factor", "sign-in"] }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt)],
);
