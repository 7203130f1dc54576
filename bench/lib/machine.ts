/**
 * The machine and the code a bench's results were measured on: every results file says them,
 * so that runs are compared on the same machine, quiet, and on the same sources.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./paths.ts";

/** The load average (1, 5, 15 min; `count` of them): other work on the machine skews every figure. */
export const loadAverage = (count = 3) =>
  os
    .loadavg()
    .slice(0, count)
    .map((l) => l.toFixed(2))
    .join(" ");

/** Which sources a fingerprint covers: folders of the repository, and the files counted in them. */
export interface Sources {
  dirs: string[];
  files: RegExp;
}

/** The server's code (the API bench measures it alone). */
export const SERVER_SOURCES: Sources = { dirs: ["apps/server/src", "packages/shared/src"], files: /\.(ts|sql|json)$/ };
/** The server's and the storefront's (the crowd and memory benches serve pages). */
export const SHOP_SOURCES: Sources = {
  dirs: ["apps/server/src", "apps/web/app", "packages/shared/src"],
  files: /\.(ts|tsx|css|sql|json)$/,
};

/**
 * The code changes often and not always through commits: a hash of its sources (tests and the
 * test harness left out) says which code a result measured.
 */
export function sourceFingerprint(sources: Sources): string {
  const hash = createHash("sha256");
  for (const dir of sources.dirs) {
    const files = readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
      .filter((f) => sources.files.test(f) && !/\.test\.tsx?$/.test(f) && !/(^|\/)test\//.test(f))
      .sort();
    for (const f of files) hash.update(`${dir}/${f}\0`).update(readFileSync(path.join(ROOT, dir, f)));
  }
  return hash.digest("hex").slice(0, 12);
}

export interface MachineOptions {
  /** What the fingerprint covers (default: the server's and the storefront's sources). */
  sources?: Sources;
  /**
   * How the CPUs are counted: node's `availableParallelism()` (default), or what `nproc`
   * prints, which the API bench's results have always recorded (as text).
   */
  cpus?: "node" | "nproc";
}

export function machine(options: MachineOptions = {}) {
  let nproc: number | string = os.availableParallelism();
  if (options.cpus === "nproc") {
    nproc = String(nproc);
    try {
      nproc = execFileSync("nproc", { encoding: "utf8" }).trim();
    } catch {}
  }
  let commit = "?";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    // The measured code only: bench/ itself is left out.
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "apps", "packages", "package-lock.json"], {
      cwd: ROOT,
      encoding: "utf8",
    }).trim();
    if (dirty) commit += " (with uncommitted changes to apps/ or packages/)";
  } catch {}
  return {
    nproc,
    cpu: os.cpus()[0]?.model ?? "?",
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverage: loadAverage(),
    commit,
    sources: sourceFingerprint(options.sources ?? SHOP_SOURCES),
  };
}

export type Machine = ReturnType<typeof machine>;

/** The report's "Machine" line; `sourcesLabel` names what the fingerprint covers. */
export const machineLine = (m: Machine, sourcesLabel = "sources") =>
  `- Machine: ${m.nproc} CPUs (${m.cpu}), ${m.memoryGb} GB, ${m.os}; Node ${m.node}; commit ${m.commit}; ${sourcesLabel} ${m.sources}`;

/** The short form, for the console and the signed-in crowd's report. */
export const machineSummary = (m: Machine) =>
  `${m.nproc} CPUs, Node ${m.node}, commit ${m.commit}, sources ${m.sources}`;
