/**
 * The shop runs through a promotion's crowd inside the memory the README documents
 * for the app process (decision 030): 384 MB on the embedded PGlite, 256 MB beside a
 * PostgreSQL (DATABASE_URL set: the PostgreSQL pass of CI).
 *
 * Its own production server (`npm start`'s flags, a fresh copy of the demo catalogue) runs in a
 * cgroup whose memory limit is that figure, so that going over it gets the server killed by the
 * kernel, as on a small server; where no cgroup can be made (not root, no memory controller),
 * the same run checks the process's peak (VmHWM) against the figure instead. Then the crowd
 * benchmark's mix (bench/crowd-mix.ts: 200 connections through pages, catalogue API and signed-in
 * carts) for 30 s: no error, no time-out, the same process still serving, no OOM kill.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { makeCustomers, mixGroups, mixTotals, PAGE_KEYS, pagesOf, runMix } from "../bench/crowd-mix.ts";
import { shopServer } from "../bench/shop-server.ts";

const postgresUrl = process.env.DATABASE_URL;
/** The app process's memory the README documents, in MiB. */
const LIMIT_MB = postgresUrl ? 256 : 384;
const CONNECTIONS = 200;
const SECONDS = 30;

interface Limit {
  dir: string;
  /** OOM kills in the group so far. */
  oomKills: () => number;
  remove: () => void;
}

/** A memory cgroup under this process's own, limited to `mb`; undefined where none can be made. */
function memoryCgroup(mb: number): Limit | undefined {
  const bytes = String(mb * 1024 * 1024);
  const name = `shop-memory-${randomBytes(4).toString("hex")}`;
  const lines = readFileSync("/proc/self/cgroup", "utf8").split("\n");
  const count = (file: string) => Number(/oom_kill (\d+)/.exec(readFileSync(file, "utf8"))?.[1] ?? 0);
  /** The folder made, to remove if a limit then cannot be set in it. */
  let made: string | undefined;
  try {
    const v1 = lines.find((l) => l.split(":")[1]?.split(",").includes("memory"));
    if (v1 && existsSync("/sys/fs/cgroup/memory")) {
      const dir = path.join("/sys/fs/cgroup/memory", v1.split(":")[2] ?? "/", name);
      mkdirSync(dir);
      made = dir;
      writeFileSync(path.join(dir, "memory.limit_in_bytes"), bytes);
      try {
        writeFileSync(path.join(dir, "memory.memsw.limit_in_bytes"), bytes); // no swap either
      } catch {
        // swap accounting is off: there is no swap to count
      }
      return { dir, oomKills: () => count(path.join(dir, "memory.oom_control")), remove: () => rmdirSync(dir) };
    }
    const v2 = lines.find((l) => l.startsWith("0::"));
    if (v2 && readFileSync("/sys/fs/cgroup/cgroup.controllers", "utf8").includes("memory")) {
      const dir = path.join("/sys/fs/cgroup", v2.slice(3), name);
      mkdirSync(dir);
      made = dir;
      writeFileSync(path.join(dir, "memory.max"), bytes);
      writeFileSync(path.join(dir, "memory.swap.max"), "0");
      return { dir, oomKills: () => count(path.join(dir, "memory.events")), remove: () => rmdirSync(dir) };
    }
  } catch {
    // not allowed here: the peak is checked from /proc instead
    if (made) rmdirSync(made);
  }
  return undefined;
}

const status = (pid: number, field: "VmHWM" | "VmRSS") => {
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
};

test("the shop serves 200 connections for 30 s within the memory the README documents", async () => {
  test.setTimeout(6 * 60_000);
  const limit = memoryCgroup(LIMIT_MB);
  const shop = shopServer(() => {}, {
    ...(postgresUrl ? { postgresUrl } : {}),
    ...(limit ? { cgroup: limit.dir } : {}),
    // The 50 customers sign up and in from one address, more than the 10 a minute allowed.
    env: { AUTH_RATE_LIMIT_MAX: "100000" },
  });
  try {
    const base = await shop.start();
    const pid = shop.pid() as number;
    if (limit) expect(readFileSync(path.join(limit.dir, "cgroup.procs"), "utf8").split("\n")).toContain(String(pid));
    const { pages, productIds } = await pagesOf(base, PAGE_KEYS);
    const cart = mixGroups(CONNECTIONS, pages, productIds[0] as string, []).find((g) => g.key === "cart");
    const customers = await makeCustomers(base, cart?.connections ?? 0, productIds, randomBytes(3).toString("hex"));

    const totals = mixTotals(
      await runMix(base, mixGroups(CONNECTIONS, pages, productIds[0] as string, customers), SECONDS, true),
    );

    const peak = status(pid, "VmHWM");
    const description =
      `${postgresUrl ? "PostgreSQL" : "PGlite"}, ${limit ? `cgroup ${limit.dir} limited to ${LIMIT_MB} MB` : `no cgroup here: VmHWM checked against ${LIMIT_MB} MB`}; ` +
      `${Math.round(totals.rps)} req/s, p99 ${Math.round(totals.p99)} ms, peak (VmHWM) ${Math.round(peak)} MB, VmRSS after ${Math.round(status(pid, "VmRSS"))} MB`;
    test.info().annotations.push({ type: "memory", description });
    console.log(`memory: ${description}`);
    expect({ errors: totals.errors, timeouts: totals.timeouts, non2xx: totals.non2xx }).toEqual({
      errors: 0,
      timeouts: 0,
      non2xx: 0,
    });
    // The same process still serves: it was never killed and started again.
    expect(shop.pid()).toBe(pid);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    if (limit) expect(limit.oomKills()).toBe(0);
    expect(peak).toBeLessThanOrEqual(LIMIT_MB);
  } finally {
    await shop.stop();
    limit?.remove();
  }
});
