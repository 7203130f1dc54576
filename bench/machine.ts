/** The machine and the code a bench's results were measured on (crowd and memory benches). */

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** Which code a result measured: the server's and the storefront's sources (tests left out). */
export function sourceFingerprint(): string {
  const hash = createHash("sha256");
  for (const dir of ["apps/server/src", "apps/web/app", "packages/shared/src"]) {
    const files = readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
      .filter((f) => /\.(ts|tsx|css|sql|json)$/.test(f) && !/\.test\.tsx?$/.test(f) && !/(^|\/)test\//.test(f))
      .sort();
    for (const f of files) hash.update(`${dir}/${f}\0`).update(readFileSync(path.join(ROOT, dir, f)));
  }
  return hash.digest("hex").slice(0, 12);
}

export function machine() {
  let commit = "?";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "apps", "packages", "package-lock.json"], {
      cwd: ROOT,
      encoding: "utf8",
    }).trim();
    if (dirty) commit += " (with uncommitted changes to apps/ or packages/)";
  } catch {}
  return {
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? "?",
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverage: loadAverage(),
    commit,
    sources: sourceFingerprint(),
  };
}
