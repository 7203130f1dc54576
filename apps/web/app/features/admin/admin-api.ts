import type {
  AdminBadges,
  AdminOrder,
  AdminOrderSummary,
  AdminOrdersQuery,
  ContactMessage,
  Dashboard,
  OrderStatus,
  Product,
  ProductCreateInput,
  ProductUpdateInput,
  Role,
  User,
} from "@shop/shared";
import { apiClient } from "../../lib/api";

/** Query string of the defined, non-empty values. */
function search(values: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * The back-office's calls (SPEC.md §7 and decision 018). Only admin route modules import this
 * file, so none of it reaches a storefront page's scripts (checked by e2e/admin-chunks).
 */
export function adminApi(request?: Request) {
  const { call } = apiClient(request);
  return {
    users: async () => (await call<User[]>("GET", "/api/all-user")).data,
    changeRole: async (userId: string, role: Role) => {
      const envelope = await call<User>("POST", "/api/update-user", { userId, role });
      return { user: envelope.data, message: envelope.message };
    },
    /** SUPERADMIN: every product; ADMIN: their own (the server decides from the session). */
    products: async (page = 1, limit = 50) => {
      const envelope = await call<Product[]>("GET", `/api/get-product${search({ page, limit })}`);
      return { products: envelope.data, total: envelope.meta?.total ?? envelope.data.length };
    },
    createProduct: async (input: ProductCreateInput) => {
      const envelope = await call<Product>("POST", "/api/upload-product", input);
      return { product: envelope.data, message: envelope.message };
    },
    updateProduct: async (input: ProductUpdateInput) => {
      const envelope = await call<Product>("POST", "/api/update-product", input);
      return { product: envelope.data, message: envelope.message };
    },
    deleteProduct: async (_id: string) => (await call<null>("POST", "/api/delete-product", { _id })).message,
    orders: async (query: Partial<AdminOrdersQuery> = {}) => {
      const envelope = await call<AdminOrderSummary[]>("GET", `/api/admin/orders${search(query)}`);
      return { orders: envelope.data, total: envelope.meta?.total ?? envelope.data.length };
    },
    order: async (reference: string) =>
      (await call<AdminOrder>("GET", `/api/admin/orders/${encodeURIComponent(reference)}`)).data,
    changeOrderStatus: async (reference: string, status: OrderStatus) => {
      const envelope = await call<AdminOrder>("POST", `/api/admin/orders/${encodeURIComponent(reference)}/status`, {
        status,
      });
      return { order: envelope.data, message: envelope.message };
    },
    messages: async (query: { page?: number; limit?: number; unread?: boolean } = {}) => {
      const envelope = await call<ContactMessage[]>("GET", `/api/admin/messages${search(query)}`);
      return { messages: envelope.data, total: envelope.meta?.total ?? envelope.data.length };
    },
    markMessage: async (id: string, read: boolean) => {
      const envelope = await call<ContactMessage>("POST", `/api/admin/messages/${encodeURIComponent(id)}/read`, {
        read,
      });
      return { message: envelope.data, text: envelope.message };
    },
    badges: async () => (await call<AdminBadges>("GET", "/api/admin/badges")).data,
    dashboard: async () => (await call<Dashboard>("GET", "/api/admin/dashboard")).data,
  };
}
