/** The part of autocannon (which ships no types) that the benches use. */
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  /** One request of a sequence (`requests`): each connection goes through them in a loop. */
  export interface Request {
    method?: "GET" | "POST";
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  /** A connection. */
  export interface Client extends EventEmitter {
    requestIterator: {
      /** The request being sent, or (with pipelining 1, in a `response` listener) just answered. */
      currentRequest: Request;
      setRequests(requests: Request[]): void;
    };
  }

  export interface Options {
    url: string;
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    /** Replaces `[<id>]` in each request with a new unique id. */
    idReplacement?: boolean;
    /** Requests per second from all connections together (default: no limit). */
    overallRate?: number;
    /** A sequence instead of one request (paths relative to `url`'s origin). */
    requests?: Request[];
    /** Called once per connection, when it is made. */
    setupClient?: (client: Client) => void;
  }

  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: { total: number; average: number };
  }

  export interface Instance extends EventEmitter {
    on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
    stop(): void;
  }

  export default function autocannon(
    options: Options,
    callback: (error: Error | null, result: Result) => void,
  ): Instance;
}
