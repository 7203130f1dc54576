/**
 * Loaded into the shop's server by `npm run bench:memory -- --probe` (through NODE_OPTIONS
 * `--import`), never by the app itself: once a second, appends one JSON line with the
 * process's own view of its memory (`process.memoryUsage()` and V8's heap statistics) to the
 * file named by MEMORY_PROBE_FILE, so the bench can say how much of the resident memory is the
 * JavaScript heap and how much is outside it (buffers, WebAssembly, native libraries).
 */
import { appendFileSync } from "node:fs";
import v8 from "node:v8";

export interface ProbeLine {
  /** Date.now() */
  t: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  /** C++ objects bound to JavaScript ones, ArrayBuffers included. */
  external: number;
  arrayBuffers: number;
  heapLimit: number;
  malloced: number;
}

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const write = () => {
    const m = process.memoryUsage();
    const h = v8.getHeapStatistics();
    const line: ProbeLine = {
      t: Date.now(),
      rss: m.rss,
      heapTotal: m.heapTotal,
      heapUsed: m.heapUsed,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
      heapLimit: h.heap_size_limit,
      malloced: h.malloced_memory,
    };
    try {
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    } catch {
      // the bench removed its folder: nothing to report to
    }
  };
  setInterval(write, 1000).unref();
}
