import type { PageMeta, PageQuery, Product, ShopIdentity } from "@shop/shared";
import { IN_PROCESS_API_KEY, type InProcessApiTransport, MSG } from "@shop/shared/core";

/** What the API answers, as SPEC.md §7 describes it. */
interface Envelope<T> {
  success: boolean;
  error: boolean;
  message: string;
  data: T;
  meta?: PageMeta;
}

/** An answer with `success: false`, carrying the server's French message and status. */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const browserTransport: InProcessApiTransport = async ({ method, path, body }) => {
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
};

function transport(): InProcessApiTransport {
  if (typeof document !== "undefined") return browserTransport;
  const registered = (globalThis as Record<symbol, InProcessApiTransport | undefined>)[Symbol.for(IN_PROCESS_API_KEY)];
  if (!registered) throw new Error("The API server has not registered its in-process transport");
  return registered;
}

const query = (paging?: Partial<PageQuery>) => {
  const params = new URLSearchParams();
  if (paging?.page) params.set("page", String(paging.page));
  if (paging?.limit) params.set("limit", String(paging.limit));
  const text = params.toString();
  return text ? `?${text}` : "";
};

/**
 * The one way the web app talks to the API: one function per endpoint. On the server, pass
 * the incoming request so the visitor's cookie goes along.
 */
export function api(request?: Request) {
  const cookie = request?.headers.get("cookie") ?? undefined;
  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<Envelope<T>> {
    let answer: { status: number; body: unknown };
    try {
      answer = await transport()({ method, path, body, cookie });
    } catch {
      throw new ApiError(0, MSG.serverError);
    }
    const envelope = answer.body as Envelope<T>;
    if (!envelope?.success) throw new ApiError(answer.status, envelope?.message ?? MSG.serverError);
    return envelope;
  }
  return {
    shop: async () => (await call<ShopIdentity>("GET", "/api/shop")).data,
    categoryHighlights: async () => (await call<Product[]>("GET", "/api/get-categoryProduct")).data,
    categoryProducts: async (category: string, paging?: Partial<PageQuery>) => {
      const envelope = await call<Product[]>("POST", `/api/category-product${query(paging)}`, { category });
      return { products: envelope.data, total: envelope.meta?.total ?? envelope.data.length };
    },
    productDetails: async (productId: string) =>
      (await call<Product>("POST", "/api/product-details", { productId })).data,
    search: async (q: string, paging?: Partial<PageQuery>) => {
      const params = query(paging);
      const envelope = await call<Product[]>(
        "GET",
        `/api/search?q=${encodeURIComponent(q)}${params ? `&${params.slice(1)}` : ""}`,
      );
      return { products: envelope.data, total: envelope.meta?.total ?? envelope.data.length };
    },
  };
}
