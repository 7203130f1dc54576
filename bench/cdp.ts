/**
 * A minimal Chrome DevTools Protocol client over the browser's WebSocket (Node's own), for the
 * page benchmark's visits before Lighthouse (sw-visits.ts): commands, events, one flat session
 * per page. Bench-only: no reconnection, no queue.
 */

type Message = {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
  sessionId?: string;
};
type Listener = (params: Record<string, unknown>, sessionId: string | undefined) => void;

export type Cdp = {
  send: <T = Record<string, unknown>>(method: string, params?: object, sessionId?: string) => Promise<T>;
  /** Calls `listener` for each event `method`; returns the function that removes it. */
  on: (method: string, listener: Listener) => () => void;
  /** The next event `method` of `sessionId` for which `match` holds. */
  once: (method: string, sessionId?: string, match?: (params: Record<string, unknown>) => boolean) => Promise<void>;
  close: () => void;
};

/** Connects to the browser listening on `port` (chrome-launcher's `--remote-debugging-port`). */
export async function connectCdp(port: number): Promise<Cdp> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("could not connect to Chromium's DevTools")), {
      once: true,
    });
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<string, Set<Listener>>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as Message;
    if (message.id !== undefined) {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error.message));
      else waiting?.resolve(message.result ?? {});
    } else if (message.method) {
      for (const listener of listeners.get(message.method) ?? []) listener(message.params ?? {}, message.sessionId);
    }
  });
  socket.addEventListener("close", () => {
    for (const waiting of pending.values()) waiting.reject(new Error("Chromium's DevTools connection closed"));
    pending.clear();
  });

  const on = (method: string, listener: Listener) => {
    const set = listeners.get(method) ?? new Set();
    set.add(listener);
    listeners.set(method, set);
    return () => set.delete(listener);
  };
  return {
    send: <T>(method: string, params: object = {}, sessionId?: string) =>
      new Promise<T>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
        socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
      }),
    on,
    once: (method, sessionId, match = () => true) =>
      new Promise<void>((resolve) => {
        const off = on(method, (params, from) => {
          if (from !== sessionId || !match(params)) return;
          off();
          resolve();
        });
      }),
    close: () => socket.close(),
  };
}

/** Attaches to the browser's first page (chrome-launcher opens one, about:blank): its session id. */
export async function attachToPage(cdp: Cdp): Promise<string> {
  const { targetInfos } = await cdp.send<{ targetInfos: { targetId: string; type: string }[] }>("Target.getTargets");
  const page = targetInfos.find((t) => t.type === "page");
  const { targetId } = page ?? (await cdp.send<{ targetId: string }>("Target.createTarget", { url: "about:blank" }));
  const { sessionId } = await cdp.send<{ sessionId: string }>("Target.attachToTarget", { targetId, flatten: true });
  return sessionId;
}

/** Evaluates `expression` in the page (awaiting a promise) and returns its value, as JSON. */
export async function evaluate<T>(cdp: Cdp, sessionId: string, expression: string): Promise<T> {
  const { result, exceptionDetails } = await cdp.send<{
    result: { value?: unknown };
    exceptionDetails?: { text: string; exception?: { description?: string } };
  }>("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true }, sessionId);
  if (exceptionDetails)
    throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  return result.value as T;
}
