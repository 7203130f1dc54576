import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type Injectable, useTestApp } from "../test/harness.ts";

// Rate limits counted in Redis for every app server (decision 031). The shared Redis of the
// machine (REDIS_TEST_URL, 127.0.0.1:6379 by default) for the limit across servers; a Redis of
// the test's own, stopped and started, for the outage.
const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";

/** A client address of its own for each test: counts left in the shared Redis never meet. */
const newClient = () => `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}::7`;

const signIn = (app: Injectable, ip: string) =>
  call(app, "POST", "/api/signin", {
    payload: { email: "personne@test.cm", password: "pas-le-bon-mot" },
    remoteAddress: ip,
  });

const health = async (app: Injectable) => (await call(app, "GET", "/api/health")).json().data.rateLimits as string;

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("rate limits in Redis, two app servers", () => {
  const ctx = useTestApp({ env: { REDIS_URL, AUTH_RATE_LIMIT_MAX: "10" }, peer: true });
  beforeAll(async () => {
    await until(async () => (await health(ctx.app)) === "redis" && (await health(ctx.peerApp)) === "redis");
  });

  it("refuses the 11th sign-in attempt whichever server it reaches", async () => {
    for (const last of ["first", "second"] as const) {
      const ip = newClient();
      for (let i = 0; i < 10; i++) {
        const res = await signIn(i % 2 ? ctx.peerApp : ctx.app, ip);
        expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
      }
      const eleventh = await signIn(last === "first" ? ctx.app : ctx.peerApp, ip);
      expect(eleventh.statusCode).toBe(429);
      // The second step shares the password's counter, in Redis too (decision 040).
      const code = await call(last === "first" ? ctx.peerApp : ctx.app, "POST", "/api/signin/second-factor", {
        payload: { ticket: "faux", code: "123456" },
        remoteAddress: ip,
      });
      expect(code.statusCode).toBe(429);
      // Another visitor is not held back by it.
      expect((await signIn(ctx.app, newClient())).statusCode).toBe(401);
    }
  });
});

describe("the sign-in's second step (decision 040)", () => {
  const ctx = useTestApp({ env: { AUTH_RATE_LIMIT_MAX: "3" } });

  const secondStep = (ip: string, i: number) =>
    ctx.call("POST", "/api/signin/second-factor", {
      payload: { ticket: `faux-${i}`, code: "123456" },
      remoteAddress: ip,
    });

  it("counts a wrong code with the password's attempts: one counter per address for both", async () => {
    const ip = newClient();
    const codes = [];
    codes.push((await signIn(ctx.app, ip)).statusCode);
    codes.push((await secondStep(ip, 0)).statusCode);
    codes.push((await signIn(ctx.app, ip)).statusCode);
    // The fourth attempt, a code or a password, is refused alike.
    codes.push((await secondStep(ip, 1)).statusCode);
    codes.push((await signIn(ctx.app, ip)).statusCode);
    codes.push(
      (await ctx.call("POST", "/api/signin/passkey", { payload: { response: {} }, remoteAddress: ip })).statusCode,
    );
    expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
    // Another address still has its own.
    expect((await secondStep(newClient(), 2)).statusCode).toBe(401);
  });

  it("leaves the passkey's options on a counter of their own: asking for them proves nothing", async () => {
    const ip = newClient();
    for (let i = 0; i < 3; i++) expect((await signIn(ctx.app, ip)).statusCode).toBe(401);
    const passkeys = [];
    for (let i = 0; i < 4; i++) {
      const res = await ctx.call("POST", "/api/signin/passkey-options", { payload: {}, remoteAddress: ip });
      passkeys.push(res.statusCode);
    }
    expect(passkeys).toEqual([200, 200, 200, 429]);
  });
});

describe("behind a proxy named in TRUST_PROXY", () => {
  const ctx = useTestApp({ env: { TRUST_PROXY: "127.0.0.1", AUTH_RATE_LIMIT_MAX: "3" } });

  it("counts the address the proxy saw: a forged X-Forwarded-For does not escape the limit", async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) {
      const res = await ctx.call("POST", "/api/signin", {
        payload: { email: "personne@test.cm", password: "pas-le-bon-mot" },
        remoteAddress: "127.0.0.1",
        // The client sent a new address each time; the proxy appended the one it saw.
        headers: { "x-forwarded-for": `198.51.100.${i + 1}, 203.0.113.9` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});

describe("Redis unreachable", () => {
  it("keeps answering, counts on this server alone, and says so", async () => {
    const closed = createServer();
    closed.listen(0, "127.0.0.1");
    await once(closed, "listening");
    const { port } = closed.address() as { port: number };
    closed.close();
    const lines: string[] = [];
    const ctx = await createTestApp(
      { REDIS_URL: `redis://127.0.0.1:${port}`, AUTH_RATE_LIMIT_MAX: "3", LOG_LEVEL: "warn" },
      { log: { write: (line) => lines.push(line) } },
    );
    try {
      expect(await health(ctx.app)).toBe("local-fallback");
      const ip = newClient();
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await signIn(ctx.app, ip)).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
      await until(async () => lines.some((l) => l.includes("Redis unreachable")));
    } finally {
      await ctx.close();
    }
  });
});

describe("Redis stopped and started during traffic", () => {
  let redis: ChildProcess | null = null;
  let port: number;
  const startRedis = async () => {
    redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
  };
  beforeAll(async () => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1");
    await once(probe, "listening");
    port = (probe.address() as { port: number }).port;
    probe.close();
    await startRedis();
  });
  afterAll(() => {
    redis?.kill("SIGKILL");
  });

  it("answers every request without a 5xx, and shares the limits again once Redis is back", async () => {
    const ctx = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, AUTH_RATE_LIMIT_MAX: "1000" });
    const peer = await ctx.peer();
    try {
      await until(async () => (await health(ctx.app)) === "redis");
      const statuses = new Map<number, number>();
      let stop = false;
      const traffic = (async () => {
        for (let i = 0; !stop; i++) {
          const res = await signIn(i % 2 ? peer.app : ctx.app, newClient());
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      redis?.kill("SIGKILL");
      await once(redis as unknown as ChildProcess, "exit");
      await until(async () => (await health(ctx.app)) === "local-fallback");
      await new Promise((resolve) => setTimeout(resolve, 500));
      await startRedis();
      await until(async () => (await health(ctx.app)) === "redis" && (await health(peer.app)) === "redis");
      await new Promise((resolve) => setTimeout(resolve, 300));
      stop = true;
      await traffic;
      expect([...statuses.keys()]).toEqual([401]);
      expect(statuses.get(401)).toBeGreaterThan(20);

      // Shared again: the limit holds across both servers.
      const limited = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, AUTH_RATE_LIMIT_MAX: "2" });
      const limitedPeer = await limited.peer();
      try {
        await until(async () => (await health(limited.app)) === "redis" && (await health(limitedPeer.app)) === "redis");
        const ip = newClient();
        expect((await signIn(limited.app, ip)).statusCode).toBe(401);
        expect((await signIn(limitedPeer.app, ip)).statusCode).toBe(401);
        expect((await signIn(limited.app, ip)).statusCode).toBe(429);
      } finally {
        await limitedPeer.close();
        await limited.close();
      }
    } finally {
      await peer.close();
      await ctx.close();
    }
  });
});
