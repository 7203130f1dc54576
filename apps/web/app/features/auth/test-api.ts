import { vi } from "vitest";

/** Answers the browser's calls to the API as the server would; records what was asked. */
export function stubApi(answer: (path: string, body: unknown) => { status: number; body: unknown } | Error) {
  const calls: { path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    const result = answer(path, body);
    if (result instanceof Error) throw result;
    return new Response(JSON.stringify(result.body), { status: result.status });
  });
  vi.stubGlobal("fetch", fetch);
  return calls;
}

export const ok = (message: string, data: unknown = null) => ({
  status: 200,
  body: { success: true, error: false, message, data },
});

export const refused = (status: number, message: string, issues?: { path: string; message: string }[]) => ({
  status,
  body: { success: false, error: true, message, data: null, issues },
});
