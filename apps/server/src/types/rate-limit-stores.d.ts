/**
 * The two counters @fastify/rate-limit ships (plain CommonJS, no types of their own), used by
 * plugins/rate-limit.ts to count in Redis and, while Redis is out, in this process.
 */
interface RateLimitCounter {
  incr(
    key: string,
    cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void;
  child(routeOptions: unknown): RateLimitCounter;
}

declare module "@fastify/rate-limit/store/LocalStore.js" {
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => RateLimitCounter;
  export default LocalStore;
}

declare module "@fastify/rate-limit/store/RedisStore.js" {
  const RedisStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: import("ioredis").Redis,
    key?: string,
  ) => RateLimitCounter;
  export default RedisStore;
}
