import { describe, expect, it } from "vitest";
import { startPgliteThread } from "./pglite-thread.ts";

/** A stand-in for pglite-worker.ts that starts, then stops at its first query, as a crash in PGlite would stop it. */
const CRASHING = new URL(
  `data:text/javascript,${encodeURIComponent(`
    import { parentPort } from "node:worker_threads";
    parentPort.postMessage({ kind: "ready" });
    parentPort.on("message", () => process.exit(3));
  `)}`,
);

describe("the embedded database's thread, lost", () => {
  it("fails what waits for it and what comes after, and reports the loss once", async () => {
    const lost: Error[] = [];
    const thread = await startPgliteThread(
      { dir: undefined, startParams: [], loadDataDir: undefined },
      (error) => lost.push(error),
      CRASHING,
    );
    await expect(thread.query("SELECT 1")).rejects.toThrow(/stopped \(exit code 3\)/);
    await expect(thread.query("SELECT 1")).rejects.toThrow(/stopped/);
    await expect(thread.transaction(async (tx) => tx.query("SELECT 1"))).rejects.toThrow(/stopped/);
    expect(lost).toHaveLength(1);
  });
});
