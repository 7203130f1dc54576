import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { normaliseCameroonPhone } from "@shop/shared";
import { z } from "zod";

/** Raised when an environment variable has a wrong value: start-up stops and names it. */
export class ConfigError extends Error {}

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"])
  .transform((v) => v === "true" || v === "1" || v === "yes" || v === "on");

const phone = z.string().transform((v, ctx) => {
  const digits = normaliseCameroonPhone(v);
  if (!digits) {
    ctx.addIssue({ code: "custom", message: "must be a Cameroon number (237 followed by 9 digits)" });
    return z.NEVER;
  }
  return digits;
});

const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

const env = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Unset: sized at start to the database on disk, 16 or 32 MB (decision 050). */
  PGLITE_BUFFERS_MB: z.coerce.number().int().min(1).max(1024).optional(),
  TOKEN_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  STAFF_SECOND_FACTOR: z.enum(["required", "optional"]).optional(),
  COOKIE_SECURE: bool.optional(),
  COOKIE_DOMAIN: z.string().min(1).optional(),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v, ctx) => {
      const asBool = bool.safeParse(v.trim().toLowerCase());
      if (asBool.success) return asBool.data;
      // The proxies to trust, by address, network or proxy-addr's names (decision 031): the
      // client is the last address before them in X-Forwarded-For, which a client cannot forge.
      const list = v
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
      const valid = (item: string) => {
        if (["loopback", "linklocal", "uniquelocal"].includes(item)) return true;
        const [address = "", prefix, ...rest] = item.split("/");
        return rest.length === 0 && isIP(address) !== 0 && (prefix === undefined || /^\d{1,3}$/.test(prefix));
      };
      if (list.length === 0 || !list.every(valid)) {
        ctx.addIssue({
          code: "custom",
          message: "must be true, false, or the proxies' addresses (127.0.0.1, 10.0.0.0/8, loopback…), comma-separated",
        });
        return z.NEVER;
      }
      return list;
    }),
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((u) => new URL(u).origin))),
  PUBLIC_URL: optionalUrl,
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Promotion codes tried per address and minute (decision 051): codes are no brute-force target. */
  PROMO_CODE_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  CONTACT_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(600_000),
  ORDER_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  ORDER_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(600_000),
  ORDER_STATUS_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  ORDER_STATUS_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(600_000),
  ADMIN_EMAIL: z.email().toLowerCase().default("admin@boutique.local"),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  ADMIN_NAME: z.string().min(1).default("Super Admin"),
  SHOP_NAME: z.string().min(1).default("Maképé Phones"),
  SHOP_PHONE: phone.default("237699000000"),
  SHOP_WHATSAPP: phone.optional(),
  SHOP_EMAIL: z.email().default("contact@makepe-phones.cm"),
  SHOP_ADDRESS: z.string().min(1).default("Carrefour Maképé Missoké, Yaoundé, Cameroun"),
  SHOP_FACEBOOK_URL: optionalUrl,
  SHOP_INSTAGRAM_URL: optionalUrl,
  SHOP_TIKTOK_URL: optionalUrl,
  // Mobile Money through Notch Pay (decision 026): all three keys, or none (not offered).
  NOTCHPAY_PUBLIC_KEY: z.string().min(8, "must be the key from the Notch Pay dashboard").optional(),
  NOTCHPAY_PRIVATE_KEY: z.string().min(8, "must be the key from the Notch Pay dashboard").optional(),
  NOTCHPAY_WEBHOOK_HASH: z.string().min(8, "must be the webhook hash from the Notch Pay dashboard").optional(),
  NOTCHPAY_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.notchpay.co"),
  NOTCHPAY_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(15_000),
  /** The shop's own Mobile Money numbers, for customers who transfer by hand. */
  SHOP_MOMO_MTN: phone.optional(),
  SHOP_MOMO_ORANGE: phone.optional(),
  /** How often each server tries to reconcile pending payments (one at a time across servers). */
  PAYMENT_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /** How often each server looks for due jobs (decision 042); 0: this server runs none. */
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(0).default(15_000),
  /** How long a job's claim holds without news from its server: a dead server's job waits this long. */
  JOBS_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  /** How long a pending payment waits for its webhook before reconciliation reads it. */
  PAYMENT_RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(120_000),
  PAGE_CACHE: bool.default(true),
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(1024).default(16),
  /** Memory for the catalogue API's cached answers (decisions 008 and 030). */
  CATALOGUE_CACHE_MB: z.coerce.number().int().min(1).max(1024).default(16),
  // Several app servers (decision 031): shared rate limits, files in a bucket, every core.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3 to 63 lower-case letters, digits, . or -)")
    .optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_PUBLIC_URL: optionalUrl,
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  // E-mail for forgotten passwords (decision 032): none without SMTP_URL.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  SMTP_FROM: z.email().optional(),
  /** How long a password-reset link opens the form (decision 032): seconds, up to a day. */
  PASSWORD_RESET_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(1800),
  // Web Push to the admins' devices (decision 033): given, or generated once and kept in the database.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[\w-]{80,100}$/, "must be a VAPID public key (base64url)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[\w-]{40,50}$/, "must be a VAPID private key (base64url)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "must start with mailto: or https://")
    .optional(),
});

export type Config = ReturnType<typeof loadConfig>;

/**
 * Reads and validates the environment once. Anything wrong stops start-up with the
 * variable's name. The token secret, when not configured, is generated once and kept in
 * DATA_DIR so that sessions survive a restart.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env) {
  const parsed = env.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== "")),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const notchpayKeys = [e.NOTCHPAY_PUBLIC_KEY, e.NOTCHPAY_PRIVATE_KEY, e.NOTCHPAY_WEBHOOK_HASH];
  if (notchpayKeys.some(Boolean) && !notchpayKeys.every(Boolean)) {
    throw new ConfigError(
      "Invalid configuration:\n  NOTCHPAY_PUBLIC_KEY, NOTCHPAY_PRIVATE_KEY, NOTCHPAY_WEBHOOK_HASH: set all three, or none",
    );
  }
  const s3Keys = [e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Keys.some(Boolean) && !s3Keys.every(Boolean)) {
    throw new ConfigError("Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or none");
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_PUBLIC_URL || e.S3_ACCESS_KEY_ID)) {
    throw new ConfigError("Invalid configuration:\n  S3_BUCKET: required with the other S3_ settings");
  }
  // An e-mailed reset link carries the shop's address: taken from a request, a forged Host would
  // send a real customer a real token under someone else's site (decision 032).
  if (e.SMTP_URL && !e.PUBLIC_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  SMTP_URL: needs PUBLIC_URL, the shop's address that e-mailed password links carry",
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError("Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or none");
  }
  // Relative to where npm was run (INIT_CWD), not to the workspace a script runs in, so that
  // `npm start` and `npm run dev` from the repository use the same ./data.
  const dataDir = path.resolve(source.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  const production = e.NODE_ENV === "production";
  return {
    env: e.NODE_ENV,
    production,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    database: e.DATABASE_URL
      ? { kind: "postgres" as const, url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: "pglite" as const, dir: path.join(dataDir, "pglite"), buffersMb: e.PGLITE_BUFFERS_MB },
    token: {
      /** Replaced at start by the one every app server shares when not configured (bootstrap.ts). */
      secret: e.TOKEN_SECRET ?? persistentSecret(dataDir),
      configured: Boolean(e.TOKEN_SECRET),
      ttlSeconds: e.TOKEN_TTL_DAYS * 24 * 3600,
    },
    cookie: { secure: e.COOKIE_SECURE ?? production, domain: e.COOKIE_DOMAIN },
    /**
     * Whether the staff must sign in with a second factor when no SUPERADMIN chose in the
     * back-office (decision 040): required in production, so that a new shop's first super
     * admin sets one up at the first sign-in.
     */
    staffSecondFactor: e.STAFF_SECOND_FACTOR ?? (production ? "required" : "optional"),
    corsOrigins: e.CORS_ORIGINS,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ""),
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowMs: e.AUTH_RATE_LIMIT_WINDOW_MS },
    promoCodeRateLimit: { max: e.PROMO_CODE_RATE_LIMIT_MAX, windowMs: 60_000 },
    contactRateLimit: { max: e.CONTACT_RATE_LIMIT_MAX, windowMs: e.CONTACT_RATE_LIMIT_WINDOW_MS },
    orderRateLimit: { max: e.ORDER_RATE_LIMIT_MAX, windowMs: e.ORDER_RATE_LIMIT_WINDOW_MS },
    orderStatusRateLimit: { max: e.ORDER_STATUS_RATE_LIMIT_MAX, windowMs: e.ORDER_STATUS_RATE_LIMIT_WINDOW_MS },
    /** Decision 026: null when Mobile Money through the provider is not offered. */
    notchpay:
      e.NOTCHPAY_PUBLIC_KEY && e.NOTCHPAY_PRIVATE_KEY && e.NOTCHPAY_WEBHOOK_HASH
        ? {
            publicKey: e.NOTCHPAY_PUBLIC_KEY,
            privateKey: e.NOTCHPAY_PRIVATE_KEY,
            webhookHash: e.NOTCHPAY_WEBHOOK_HASH,
            apiUrl: e.NOTCHPAY_API_URL.replace(/\/$/, ""),
            timeoutMs: e.NOTCHPAY_TIMEOUT_MS,
          }
        : null,
    /** The durable job queue's runner on this server (decision 042). */
    jobs: { pollMs: e.JOBS_POLL_INTERVAL_MS, leaseMs: e.JOBS_LEASE_MS },
    payments: {
      transferNumbers: { mtn: e.SHOP_MOMO_MTN ?? null, orange: e.SHOP_MOMO_ORANGE ?? null },
      reconcileIntervalMs: e.PAYMENT_RECONCILE_INTERVAL_MS,
      reconcileAfterMs: e.PAYMENT_RECONCILE_AFTER_MS,
    },
    /** Where files live (decision 031): DATA_DIR, or an S3-compatible bucket. */
    storage: e.S3_BUCKET
      ? {
          kind: "s3" as const,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          // Self-hosted servers (MinIO, Garage…) answer on one host: path-style addresses.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/$/, "") ?? null,
        }
      : { kind: "local" as const, dir: dataDir },
    /** Rate limits shared by every app server (decision 031); null: counted in this process. */
    redisUrl: e.REDIS_URL ?? null,
    /** Where e-mail leaves from (decision 032); null: no e-mail, resets go by WhatsApp. */
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM ?? e.SHOP_EMAIL } : null,
    /** One-time links to choose a new password, by e-mail or WhatsApp (decision 032). */
    passwordReset: { ttlSeconds: e.PASSWORD_RESET_TTL_SECONDS },
    /** Web Push's keys (decision 033): null keys are generated once and kept in the database. */
    vapid: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : null,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.SHOP_EMAIL}`,
    },
    /** App processes on this machine's port (node's cluster); PostgreSQL only. */
    webConcurrency: e.WEB_CONCURRENCY,
    /** The anonymous page cache (decision 028): null when turned off. */
    pageCache: e.PAGE_CACHE ? { maxBytes: e.PAGE_CACHE_MB * 1024 * 1024 } : null,
    /** The catalogue API's cache (decision 008). */
    catalogueCache: { maxBytes: e.CATALOGUE_CACHE_MB * 1024 * 1024 },
    firstAdmin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME },
    shop: {
      name: e.SHOP_NAME,
      phone: e.SHOP_PHONE,
      whatsapp: e.SHOP_WHATSAPP ?? e.SHOP_PHONE,
      email: e.SHOP_EMAIL,
      address: e.SHOP_ADDRESS,
      social: {
        facebook: e.SHOP_FACEBOOK_URL,
        instagram: e.SHOP_INSTAGRAM_URL,
        tiktok: e.SHOP_TIKTOK_URL,
      },
    },
  };
}

function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "token-secret");
  if (existsSync(file)) {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length < 32) throw new ConfigError(`Invalid configuration:\n  ${file}: secret too short`);
    return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return secret;
}
