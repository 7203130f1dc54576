/** Messages between api-bench.ts and its app-server.ts child. */

export interface SqlTiming {
  text: string;
  params: string[];
  /** Median time of the query alone through the driver (client.query), ms. */
  wallMs: number;
  /** Median of EXPLAIN ANALYZE's planning and execution times, ms. */
  planningMs: number;
  executionMs: number;
  /** The last EXPLAIN (ANALYZE, BUFFERS) output. */
  plan: string;
}

/** A captured answer, served again by the app's own Fastify instance for --ceiling. */
export interface Replay {
  key: string;
  status: number;
  contentType: string;
  bodyBase64: string;
}

export type ParentMessage =
  | { type: "record" }
  | { type: "sql"; runs: number }
  | { type: "replay"; answers: Replay[] }
  | { type: "stop" };

export type ChildMessage =
  | { type: "ready"; port: number; seeded: number; seedMs: number; source: string; token: string }
  | { type: "recording" }
  | { type: "replaying" }
  | { type: "sql"; queries: SqlTiming[] }
  | { type: "error"; message: string };
