/**
 * A process's memory as Linux counts it, from /proc/<pid>: what the system's limits see (decision
 * 030), read from outside the process so that measuring adds nothing to it. All sizes in kB, as
 * /proc gives them.
 */
import { readFileSync } from "node:fs";

/** From /proc/<pid>/status, in kB. */
export interface Status {
  /** VmRSS: resident now. */
  rss: number;
  /** VmHWM: the highest VmRSS since the process started. */
  hwm: number;
  anon: number;
  file: number;
  shmem: number;
  threads: number;
}

/** undefined once the process is gone. */
export function readStatus(pid: number): Status | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return undefined;
  }
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(text)?.[1] ?? Number.NaN);
  return {
    rss: kb("VmRSS"),
    hwm: kb("VmHWM"),
    anon: kb("RssAnon"),
    file: kb("RssFile"),
    shmem: kb("RssShmem"),
    threads: kb("Threads"),
  };
}

export function mustStatus(pid: number): Status {
  const s = readStatus(pid);
  if (!s) throw new Error(`process ${pid} is gone (no /proc/${pid}/status)`);
  return s;
}

/** The command line of a process, to check it is the one meant (e.g. `… apps/server/dist/server.js`). */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
  } catch {
    return "";
  }
}

/** One mapping of /proc/<pid>/smaps, in kB. */
export interface Mapping {
  range: string;
  perms: string;
  name: string;
  sizeKb: number;
  rssKb: number;
  /** Size of the run of adjacent anonymous mappings it belongs to (a reservation, e.g. a WebAssembly memory's). */
  reservedKb: number;
}

/** The size V8 reserves around a 32-bit WebAssembly memory (8 GiB), in kB. */
export const WASM_RESERVATION_KB = 8 * 1024 * 1024;

/** The largest mappings by resident size: where the memory is (heap, WebAssembly, libraries). */
export function largestMappings(pid: number, count: number): Mapping[] {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, "utf8");
  } catch {
    return [];
  }
  const maps: (Mapping & { start: bigint; end: bigint })[] = [];
  let current: (Mapping & { start: bigint; end: bigint }) | undefined;
  for (const line of text.split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      current = {
        range: `${head[1]}-${head[2]}`,
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perms: head[3] ?? "",
        name: head[4] ?? "",
        sizeKb: 0,
        rssKb: 0,
        reservedKb: 0,
      };
      maps.push(current);
      continue;
    }
    const field = /^(Size|Rss):\s+(\d+) kB/.exec(line);
    if (field && current) {
      if (field[1] === "Size") current.sizeKb = Number(field[2]);
      else current.rssKb = Number(field[2]);
    }
  }
  // Runs of adjacent anonymous mappings (a reservation split into its used and its guard parts).
  for (let i = 0; i < maps.length; ) {
    let j = i;
    while (
      j + 1 < maps.length &&
      !maps[j]?.name &&
      !maps[j + 1]?.name &&
      (maps[j] as { end: bigint }).end === (maps[j + 1] as { start: bigint }).start
    )
      j++;
    const run = maps.slice(i, j + 1);
    const reserved = run.reduce((n, m) => n + m.sizeKb, 0);
    for (const m of run) m.reservedKb = m.name ? m.sizeKb : reserved;
    i = j + 1;
  }
  return maps
    .sort((a, b) => b.rssKb - a.rssKb)
    .slice(0, count)
    .map(({ start: _s, end: _e, ...m }) => m);
}
