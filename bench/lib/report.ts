/** Where and how the benches write their results: bench/results/<date>-<bench>.md and .json (git-ignored). */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { type Cell, f2, int } from "./format.ts";
import { RESULTS, ROOT } from "./paths.ts";

/** The date that starts a results file's name (UTC): 2026-11-27. */
export const today = () => new Date().toISOString().slice(0, 10);

/**
 * Writes `<name>.md` in bench/results/ and, with `json`, `<name>.json` (indented by `indent`,
 * the page bench's by 1: its Lighthouse reports are large). Answers the name's path from the
 * repository root, without the extension, for the "Written:" line.
 */
export async function writeResults(name: string, markdown: string, json?: unknown, indent = 2): Promise<string> {
  await mkdir(RESULTS, { recursive: true });
  const stem = path.join(RESULTS, name);
  await writeFile(`${stem}.md`, markdown);
  if (json !== undefined) await writeFile(`${stem}.json`, `${JSON.stringify(json, null, indent)}\n`);
  return path.relative(ROOT, stem);
}

/** A server's figures under one load: answers per second and latencies (ms). */
export interface Figures {
  rps: number;
  p50: number;
  p99: number;
}

/** The columns that set the app beside the bare server answering its bytes (API and crowd benches). */
export const APP_VS_BARE = [
  "App req/s",
  "App p50 ms",
  "App p99 ms",
  "Bare req/s",
  "Bare p50 ms",
  "Bare p99 ms",
  "App / bare",
] as const;

export const appVsBare = (app: Figures, bare: Figures, ratio: number): Cell[] => [
  int(app.rps),
  f2(app.p50),
  f2(app.p99),
  int(bare.rps),
  f2(bare.p50),
  f2(bare.p99),
  f2(ratio),
];
