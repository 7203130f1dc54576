import type { ErrorEnvelope, PageMeta } from "@shop/shared";
import { afterEach } from "vitest";

/**
 * The one way the web app's tests stand in for the API: `stubApi` answers the app's calls where
 * they leave it (fetch), from a table of routes written as SPEC.md §7 writes them, and records
 * what was asked.
 *
 *   const server = stubApi({
 *     "GET /api/view-card-product": ok("", [aCartLine()]),
 *     "POST /api/update-cart-product": refused(400, "Quantité invalide."),
 *   });
 *   …
 *   expect(server.sent("POST /api/update-cart-product")).toEqual([{ _id: line._id, quantity: 3 }]);
 *
 * Why this way, rather than vi.mock of lib/api or admin-api, a hand-made stand-in for fetch, or a
 * fake client: a test reads as the conversation with the shop (the route, the envelope it answers);
 * the real client runs, so the paths, the bodies and the envelope turned into data or an ApiError
 * are tested with the code; it serves the storefront's api(), the back-office's adminApi() and a
 * server-side loader or action alike (in jsdom the client always goes through fetch); and there
 * is no hoisted mock to declare before the imports nor to reset between tests.
 *
 * An answer is `ok(message, data)`, `refused(status, message, issues)`, an Error (the network
 * failed), a Promise of one (an answer the test gives later; `noAnswer()`, one that never comes)
 * or a function of the body sent that returns one. A route is "METHOD /path": the path with its query matches first, then without it.
 * A call the table has no answer for is answered 404 and fails the test, naming the route; the
 * stub is removed after each test. (The product form's photos go up by XMLHttpRequest, for their
 * progress, not through this client: FakeXhr, in fake-xhr.ts, stands in for that.) A failure
 * that is not the shop's answer (a bug, not an ApiError) cannot come through here either, since
 * the client makes an ApiError of whatever the network gives: the one test of where such a
 * failure goes (send-contact.server.test.ts) breaks the client itself, with vi.spyOn on lib/api.
 * And a component that is handed its reads as a prop (PaymentWait's `read`, a home section's
 * `load`, PagedGrid's `loadPage`) gets a plain function from its test: that is the component's
 * own seam, not a stand-in for the API.
 */

export interface ApiAnswer {
  status: number;
  body: unknown;
}
type Answered = ApiAnswer | Error;
export type RouteAnswer = Answered | Promise<Answered> | ((body: unknown) => Answered | Promise<Answered>);

/** A call the app made: "METHOD /path?query" and its body (JSON parsed; a FormData as sent). */
export interface ApiCall {
  route: string;
  body: unknown;
}

export interface StubbedApi {
  /** Every call, in the order the app made them. */
  readonly calls: ApiCall[];
  /** The bodies sent to one route, in order. */
  sent(route: string): unknown[];
  /** Sets or replaces a route's answer, for the calls still to come. */
  answer(route: string, answer: RouteAnswer): void;
}

/** A success envelope, as the server answers it. */
export const ok = (message: string, data: unknown = null, meta?: PageMeta): ApiAnswer => ({
  status: 200,
  body: { success: true, error: false, message, data, ...(meta ? { meta } : {}) },
});

/** A refusal envelope: the status, the server's French message and, for a validation, the fields'. */
export const refused = (status: number, message: string, issues?: ErrorEnvelope["issues"]): ApiAnswer => ({
  status,
  body: { success: false, error: true, message, data: null, ...(issues ? { issues } : {}) },
});

/** An answer that never comes: the app stays waiting for the server. */
export const noAnswer = () => new Promise<never>(() => {});

const realFetch = globalThis.fetch;
let unanswered: string[] = [];

afterEach(() => {
  globalThis.fetch = realFetch;
  const missed = unanswered;
  unanswered = [];
  if (missed.length > 0)
    throw new Error(`stubApi: the app called ${missed.join(", ")}, which the test's table does not answer`);
});

const readBody = (body: BodyInit | null | undefined): unknown => {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return JSON.parse(body);
  return body;
};

export function stubApi(routes: Record<string, RouteAnswer> = {}): StubbedApi {
  const table = new Map(Object.entries(routes));
  const calls: ApiCall[] = [];
  // Not an async function: the call is recorded at once, as the app makes it, before any await.
  const fetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const method = (init.method ?? "GET").toUpperCase();
    const path = String(input);
    const route = `${method} ${path}`;
    const body = readBody(init.body);
    calls.push({ route, body });
    const key = table.has(route) ? route : `${method} ${path.split("?")[0]}`;
    const entry = table.get(key);
    if (entry === undefined) {
      unanswered.push(route);
      return Promise.resolve(Response.json(refused(404, `stubApi: no answer for ${route}`).body, { status: 404 }));
    }
    return Promise.resolve(typeof entry === "function" ? entry(body) : entry).then((answer) => {
      if (answer instanceof Error) throw answer;
      return Response.json(answer.body, { status: answer.status });
    });
  };
  globalThis.fetch = fetch as typeof globalThis.fetch;
  return {
    calls,
    sent: (route) => calls.filter((call) => call.route === route).map((call) => call.body),
    answer: (route, answer) => table.set(route, answer),
  };
}
