/** The messages between the app's thread (pglite-thread.ts) and the embedded database's (pglite-worker.ts). */

export interface WorkerOptions {
  /** PGlite's data folder; none: in memory. */
  dir: string | undefined;
  startParams: string[];
  /** A data folder's tar to start from (a restore, a test's copy). */
  loadDataDir: Blob | undefined;
}

export type ToWorker = { id: number } & (
  | { op: "query"; sql: string; params: unknown[]; rowMode: "array" | "object"; tx?: number }
  | { op: "exec"; sql: string; tx?: number }
  | { op: "begin"; tx: number }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "listen"; channel: string }
  | { op: "dump" }
  | { op: "close" }
);

export type FromWorker =
  | { kind: "ready" }
  | { kind: "failed"; error: Record<string, unknown> }
  | { kind: "answer"; id: number; ok: true; value: unknown }
  | { kind: "answer"; id: number; ok: false; error: Record<string, unknown> }
  | { kind: "notification"; channel: string; payload: string };
