/// <reference path="../types/rate-limit-stores.d.ts" />
import rateLimit from "@fastify/rate-limit";
import LocalStore from "@fastify/rate-limit/store/LocalStore.js";
import RedisStore from "@fastify/rate-limit/store/RedisStore.js";
import type { FastifyInstance, onRequestAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";

/** How rate limits are counted right now: here alone, in Redis for every server, or here while Redis is out. */
export type RateLimitCounting = "local" | "redis" | "local-fallback";

declare module "fastify" {
  interface FastifyInstance {
    rateLimitCounting(): RateLimitCounting;
    /**
     * The sign-in attempts' limit: one counter per address shared by the password, the second
     * step and the passkey sign-in, so that a wrong code costs what a wrong password does
     * (decision 040). A route's own `config.rateLimit` would count it apart.
     */
    signInAttempts: onRequestAsyncHookHandler;
    /**
     * The promotion codes' limit (decision 051): one counter per address for the code check
     * and the orders that carry a code, so that guessing codes is slow whichever call tries.
     */
    promoCodeAttempts: onRequestAsyncHookHandler;
  }
}

/** A Redis command that takes longer is counted here instead: a slow Redis never slows a sign-in. */
const REDIS_TIMEOUT_MS = 250;

const KEY_PREFIX = "shop-rate-limit-";

interface StoreParams {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
}

/**
 * The limits of sign-in, sign-up, contact, the order form, status look-ups and payments
 * (decision 031). Without REDIS_URL they are counted in this process, as before. With it, in
 * Redis, for every app server together (the 11th sign-in attempt is refused whichever server
 * it reaches). When Redis cannot answer, each server counts on its own until it is back, says
 * so once in its logs and in /api/health, and keeps answering.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: RateLimitOptions) => {
  if (!opts.redisUrl) {
    app.decorate("rateLimitCounting", (): RateLimitCounting => "local");
    await app.register(rateLimit, { global: false });
    decorateSharedLimits(app, opts);
    return;
  }

  const { Redis } = await import("ioredis");
  const redis: Redis = new Redis(opts.redisUrl, {
    // Fail at once while disconnected (counted here meanwhile) rather than queue the request.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_TIMEOUT_MS,
    lazyConnect: true,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let outage = false;
  const wentDown = (err: unknown) => {
    if (outage) return;
    outage = true;
    app.log.error({ err }, "Redis unreachable: rate limits counted by this server alone until it is back");
  };
  redis.on("error", wentDown);
  redis.on("ready", () => {
    if (outage) app.log.warn("Redis is back: rate limits shared by every app server again");
    outage = false;
  });
  redis.connect().catch(wentDown);
  app.addHook("onClose", async () => {
    redis.disconnect();
  });
  app.decorate("rateLimitCounting", (): RateLimitCounting => (redis.status === "ready" ? "redis" : "local-fallback"));

  /** Counts in Redis while it answers, else in this process (the same windows and maxima). */
  class SharedStore implements RateLimitCounter {
    private readonly shared: RateLimitCounter;
    private readonly local: RateLimitCounter;

    constructor(params: StoreParams, pair?: [RateLimitCounter, RateLimitCounter]) {
      this.shared = pair?.[0] ?? new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, KEY_PREFIX);
      this.local = pair?.[1] ?? new LocalStore(params.continueExceeding, params.exponentialBackoff);
    }

    incr(key: string, cb: Parameters<RateLimitCounter["incr"]>[1], win: number, max: number) {
      if (redis.status !== "ready") return this.local.incr(key, cb, win, max);
      this.shared.incr(
        key,
        (err, res) => {
          if (!err) return cb(null, res);
          wentDown(err);
          this.local.incr(key, cb, win, max);
        },
        win,
        max,
      );
    }

    child(routeOptions: StoreParams & { routeInfo?: { method?: string; url?: string } }): RateLimitCounter {
      // A limit shared by several routes has no route of its own: its keys are named by its group.
      const named = routeOptions.routeInfo?.url
        ? routeOptions
        : { ...routeOptions, routeInfo: { method: "", url: "shared" } };
      return new SharedStore(routeOptions, [this.shared.child(named), this.local.child(routeOptions)]);
    }
  }

  await app.register(rateLimit, { global: false, store: SharedStore as never });
  decorateSharedLimits(app, opts);
});

interface RateLimitOptions {
  redisUrl: string | null;
  /** The sign-in attempts' maximum per address and window (AUTH_RATE_LIMIT_*). */
  signInAttempts: { max: number; windowMs: number };
  /** The promotion codes tried per address and window (PROMO_CODE_RATE_LIMIT_MAX). */
  promoCodeAttempts: { max: number; windowMs: number };
}

function decorateSharedLimits(app: FastifyInstance, opts: RateLimitOptions) {
  const limit = app.rateLimit({
    max: opts.signInAttempts.max,
    timeWindow: opts.signInAttempts.windowMs,
    groupId: "sign-in",
  });
  app.decorate("signInAttempts", limit as unknown as onRequestAsyncHookHandler);
  const codes = app.rateLimit({
    max: opts.promoCodeAttempts.max,
    timeWindow: opts.promoCodeAttempts.windowMs,
    groupId: "promo-code",
  });
  app.decorate("promoCodeAttempts", codes as unknown as onRequestAsyncHookHandler);
}
