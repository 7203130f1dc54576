import type {
  CartLine,
  CartOrderInput,
  CategoryEntry,
  ContactInput,
  DeliveryChoice,
  DeliveryOffer,
  ErrorEnvelope,
  FilterQuery,
  Order,
  OrderStatusInput,
  PageMeta,
  PageQuery,
  Product,
  ProductDetails,
  PromoCodeCheck,
  ResetPasswordInput,
  Review,
  ReviewInput,
  ShopIdentity,
  SignInAnswer,
  SignInInput,
  SignUpInput,
  StockAlertInput,
  User,
} from "@shop/shared";
import {
  type ApiMethod,
  IN_PROCESS_API_KEY,
  type InProcessApiRequest,
  type InProcessApiTransport,
  SERVER_ERROR_MESSAGE,
} from "@shop/shared/core";
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";

/** The proof of the sign-in's second step, with its ticket: one of a code, a recovery code or a passkey's assertion. */
export type SecondFactorProof = { ticket: string } & (
  | { code: string }
  | { recoveryCode: string }
  | { passkey: AuthenticationResponseJSON }
);

/** What the API answers, as SPEC.md §7 describes it. */
export interface Envelope<T> {
  success: boolean;
  error: boolean;
  message: string;
  data: T;
  meta?: PageMeta;
}

/** One refused field of a validation failure: its path (e.g. "body.email") and a French message. */
export type ApiIssue = NonNullable<ErrorEnvelope["issues"]>[number];

/** What an error envelope may carry beside its message for a client to act on (decision 040). */
export type ApiErrorExtra = Partial<Pick<ErrorEnvelope, "code" | "secondFactor">>;

/**
 * An answer with `success: false`, carrying the server's French message, status and field
 * issues, and the `code` a client acts on ("second-factor-needed" with the sign-in's
 * `secondFactor` step, "second-factor-setup").
 */
export class ApiError extends Error {
  readonly status: number;
  readonly issues: readonly ApiIssue[];
  readonly code?: string;
  readonly secondFactor?: ErrorEnvelope["secondFactor"];
  constructor(status: number, message: string, issues: readonly ApiIssue[] = [], extra: ApiErrorExtra = {}) {
    super(message);
    this.status = status;
    this.issues = issues;
    if (extra.code !== undefined) this.code = extra.code;
    if (extra.secondFactor !== undefined) this.secondFactor = extra.secondFactor;
  }
}

/** What to tell the customer of a failed call: the server's French message, or the generic one. */
export const errorMessage = (error: unknown) => (error instanceof ApiError ? error.message : SERVER_ERROR_MESSAGE);

type Transport = (request: InProcessApiRequest, signal?: AbortSignal) => ReturnType<InProcessApiTransport>;

const browserTransport: Transport = async ({ method, path, body }, signal) => {
  // A FormData body (the order form's file) goes as multipart, with the browser's boundary.
  const multipart = typeof FormData !== "undefined" && body instanceof FormData;
  const response = await fetch(path, {
    method,
    signal,
    credentials: "include",
    headers: body === undefined || multipart ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
};

function transport(): Transport {
  if (typeof document !== "undefined") return browserTransport;
  const registered = (globalThis as Record<symbol, InProcessApiTransport | undefined>)[Symbol.for(IN_PROCESS_API_KEY)];
  if (!registered) throw new Error("The API server has not registered its in-process transport");
  return registered;
}

const query = (paging?: Partial<FilterQuery>) => {
  const params = new URLSearchParams();
  if (paging?.page) params.set("page", String(paging.page));
  if (paging?.limit) params.set("limit", String(paging.limit));
  if (paging?.sort) params.set("sort", paging.sort);
  const text = params.toString();
  return text ? `?${text}` : "";
};

/**
 * The envelope-level client every endpoint function is built on. On the server, pass the
 * incoming request so the visitor's cookie goes along; in the browser, passing a loader's
 * request lets a superseded navigation (a new keystroke in the search box) cancel its call.
 * The back-office builds its own functions on it (features/admin/admin-api.ts), so that its
 * calls never travel in the storefront's bundle.
 */
export function apiClient(request?: Request) {
  const cookie = request?.headers.get("cookie") ?? undefined;
  /** The envelope, and the cookies the API set when called in process (the browser keeps its own). */
  async function send<T>(method: ApiMethod, path: string, body?: unknown) {
    let answer: Awaited<ReturnType<Transport>>;
    try {
      answer = await transport()({ method, path, body, cookie }, request?.signal);
    } catch {
      throw new ApiError(0, SERVER_ERROR_MESSAGE);
    }
    const envelope = answer.body as Envelope<T> & Partial<Pick<ErrorEnvelope, "issues" | "code" | "secondFactor">>;
    if (!envelope?.success)
      throw new ApiError(answer.status, envelope?.message ?? SERVER_ERROR_MESSAGE, envelope?.issues, {
        code: envelope?.code,
        secondFactor: envelope?.secondFactor,
      });
    return { envelope, setCookie: answer.setCookie ?? [] };
  }
  const call = async <T>(method: ApiMethod, path: string, body?: unknown): Promise<Envelope<T>> =>
    (await send<T>(method, path, body)).envelope;
  return { send, call };
}

/** The one way the storefront talks to the API: one function per endpoint (see `apiClient`). */
export function api(request?: Request) {
  const { send, call } = apiClient(request);
  return {
    shop: async () => (await call<ShopIdentity>("GET", "/api/shop")).data,
    /** The shown categories, in the storefront's order (decision 046): small, and cached by the server. */
    categories: async () => (await call<CategoryEntry[]>("GET", "/api/categories")).data,
    categoryHighlights: async () => (await call<Product[]>("GET", "/api/get-categoryProduct")).data,
    categoryProducts: async (category: string, paging?: Partial<PageQuery>) => {
      const envelope = await call<Product[]>("POST", `/api/category-product${query(paging)}`, { category });
      return { products: envelope.data, total: envelope.meta?.total ?? envelope.data.length };
    },
    productDetails: async (productId: string) =>
      (await call<ProductDetails>("POST", "/api/product-details", { productId })).data,
    /** Products of any of these categories; `sort` orders them on sellingPrice. */
    filterProducts: async (categories: readonly string[], paging?: Partial<FilterQuery>) => {
      const envelope = await call<Product[]>("POST", `/api/filter-product${query(paging)}`, { category: categories });
      return { products: envelope.data, total: envelope.meta?.total ?? envelope.data.length };
    },
    /** The signed-in visitor, or null for a visitor without a valid session. */
    userDetails: async () => {
      try {
        return (await call<User>("GET", "/api/user-details")).data;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
        throw error;
      }
    },
    /**
     * Answers the token (also set by the server as the httpOnly `token` cookie) and the message.
     * Called in process, `setCookie` holds that cookie for the page to pass on to the browser
     * (the sign-in form without JavaScript); in the browser it is empty.
     */
    signIn: async (input: SignInInput) => {
      const { envelope, setCookie } = await send<string>("POST", "/api/signin", input);
      // An admin the shop requires a second factor of, without one yet: its set-up comes first.
      const secondFactorSetup = (envelope as Partial<SignInAnswer>).secondFactorSetup === true;
      return { token: envelope.data, message: envelope.message, setCookie, secondFactorSetup };
    },
    /**
     * The sign-in's second step (decision 040): the ticket `signIn` refused with
     * "second-factor-needed", and a code, a recovery code or a passkey's assertion. Answers as
     * `signIn` does.
     */
    signInSecondFactor: async (input: SecondFactorProof) => {
      const { envelope, setCookie } = await send<string>("POST", "/api/signin/second-factor", input);
      return { token: envelope.data, message: envelope.message, setCookie };
    },
    /** What the browser's WebAuthn call asks for: that account's passkeys with a ticket, any of this shop's without. */
    passkeyOptions: async (ticket?: string) =>
      (
        await call<PublicKeyCredentialRequestOptionsJSON>(
          "POST",
          "/api/signin/passkey-options",
          ticket === undefined ? {} : { ticket },
        )
      ).data,
    /** Signs in with a passkey alone (a discoverable credential); answers as `signIn` does. */
    signInWithPasskey: async (response: AuthenticationResponseJSON) => {
      const { envelope, setCookie } = await send<string>("POST", "/api/signin/passkey", { response });
      return { token: envelope.data, message: envelope.message, setCookie };
    },
    signUp: async (input: SignUpInput) => (await call<User>("POST", "/api/signup", input)).message,
    /** Asks for a reset link by e-mail; the answer is the same whether the account exists or not. */
    forgotPassword: async (email: string) => (await call<null>("POST", "/api/forgot-password", { email })).message,
    resetPassword: async (input: ResetPasswordInput) =>
      (await call<null>("POST", "/api/reset-password", input)).message,
    cartCount: async () => (await call<{ count: number }>("GET", "/api/countAddToCartProduct")).data.count,
    /** Ends the session; called in process, `setCookie` holds the cleared cookie for the browser. */
    logout: async () => {
      const { envelope, setCookie } = await send<null>("GET", "/api/userLogout");
      return { message: envelope.message, setCookie };
    },
    /**
     * Adds one of a product, of the variant chosen (without one, the server picks the cheapest
     * that can be bought); a line already in the cart or a sold-out variant is refused (409)
     * with the server's message.
     */
    addToCart: async (productId: string, variantId?: string) =>
      (await call<CartLine>("POST", "/api/addtocart", variantId ? { productId, variantId } : { productId })).message,
    viewCart: async () => (await call<CartLine[]>("GET", "/api/view-card-product")).data,
    updateCartLine: async (_id: string, quantity: number) =>
      (await call<CartLine>("POST", "/api/update-cart-product", { _id, quantity })).message,
    deleteCartLine: async (_id: string) => (await call<null>("POST", "/api/delete-cart-product", { _id })).message,
    /** Records the signed-in customer's cart as an order on that channel, before WhatsApp or a call. */
    /** `idempotencyKey`: an order kept on the phone and sent again is recorded once (decision 034). */
    orderFromCart: async (
      channel: CartOrderInput["channel"],
      delivery: DeliveryChoice = {},
      idempotencyKey?: string,
      promoCode?: string,
    ) =>
      (
        await call<Order>("POST", "/api/orders/from-cart", {
          channel,
          ...delivery,
          ...(idempotencyKey ? { idempotencyKey } : {}),
          ...(promoCode?.trim() ? { promoCode: promoCode.trim() } : {}),
        })
      ).data,
    /** What a promotion code takes off the cart now (decision 051): its answer and the French words. */
    checkPromoCode: async (code: string) => {
      const envelope = await call<PromoCodeCheck>("POST", "/api/promo-code/check", { code: code.trim() });
      return { check: envelope.data, message: envelope.message };
    },
    /** The delivery options offered, the free-delivery amount and the pickup's address (decision 025). */
    deliveryOffer: async () => (await call<DeliveryOffer>("GET", "/api/delivery-options")).data,
    /** The order form: name, number, text, message and the file, as multipart. */
    placeOrder: async (form: FormData) => {
      const envelope = await call<Order>("POST", "/api/orders", form);
      return { order: envelope.data, message: envelope.message };
    },
    orderStatus: async (input: OrderStatusInput) => (await call<Order>("POST", "/api/order-status", input)).data,
    myOrders: async () => (await call<Order[]>("GET", "/api/my-orders")).data,
    productReviews: async (productId: string, paging?: Partial<PageQuery>) => {
      const envelope = await call<Review[]>("POST", `/api/product-reviews${query(paging)}`, { productId });
      return { reviews: envelope.data, total: envelope.meta?.total ?? envelope.data.length };
    },
    /** Creates or replaces the signed-in customer's review of a product. */
    saveReview: async (input: ReviewInput) => {
      const envelope = await call<Review>("POST", "/api/reviews", input);
      return { review: envelope.data, message: envelope.message };
    },
    /** 'Prévenez-moi': a number to tell when a sold-out variant is back; answers the French confirmation. */
    stockAlert: async (input: StockAlertInput) => (await call<null>("POST", "/api/stock-alerts", input)).message,
    /** Sends the contact form; answers the shop's French confirmation. */
    contact: async (input: ContactInput) => (await call<null>("POST", "/api/contact", input)).message,
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
