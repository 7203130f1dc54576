import type {
  AdminBadges,
  AdminCategory,
  AdminDelivery,
  AdminDeliveryOption,
  AdminOrder,
  AdminOrderSummary,
  AdminOrdersQuery,
  AdminPayment,
  AdminPrivacyRequest,
  AdminProductsQuery,
  AdminPromotion,
  AdminVariantStock,
  BulkPreview,
  BulkProductsInput,
  BulkResult,
  CatalogueImport,
  CataloguePreview,
  CategoryCreateInput,
  CategoryUpdateInput,
  ContactMessage,
  Dashboard,
  DeliveryOptionBody,
  Device,
  JournalLine,
  JournalPage,
  JournalQuery,
  JournalVerdict,
  OrderStatus,
  PageQuery,
  PaymentToVerify,
  PrivacyAnswerInput,
  PrivacyRegister,
  ProcessingActivity,
  ProcessingActivityInput,
  Product,
  ProductCreateInput,
  ProductDetails,
  ProductUpdateInput,
  ProductVariantsInput,
  PromotionInput,
  PromotionStateAction,
  PushKey,
  PushSubscriptionInput,
  ResetLink,
  RetentionInput,
  RetentionState,
  Role,
  StaffFactors,
  StaffSecondFactorMode,
  StaffSecondFactorSetting,
  StockAdjustInput,
  StockAlert,
  StockMovement,
  StockMovementsQuery,
  UploadedImage,
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

/** An admin's sessions, as the API names them. */
const devicesOf = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}/devices`;

/**
 * The back-office's calls (SPEC.md §7 and decision 018). Only admin route modules import this
 * file, so none of it reaches a storefront page's scripts (checked by e2e/admin-chunks).
 */
export function adminApi(request?: Request) {
  const { call } = apiClient(request);
  return {
    users: async () => (await call<User[]>("GET", "/api/all-user")).data,
    /** A one-time password link for a customer, with its WhatsApp message (decision 032). */
    resetLink: async (userId: string) =>
      (await call<ResetLink>("POST", `/api/admin/users/${encodeURIComponent(userId)}/reset-link`)).data,
    changeRole: async (userId: string, role: Role) => {
      const envelope = await call<User>("POST", "/api/update-user", { userId, role });
      return { user: envelope.data, message: envelope.message };
    },
    // An admin's devices (decision 039): the SUPERADMIN's alone; a customer's are not shown (403).
    userDevices: async (userId: string) => (await call<Device[]>("GET", devicesOf(userId))).data,
    endUserDevice: async (userId: string, id: string) =>
      (await call<null>("POST", `${devicesOf(userId)}/${encodeURIComponent(id)}/end`)).message,
    /** Signs the admin out everywhere; answers the API's message. */
    endUserDevices: async (userId: string) =>
      (await call<{ ended: number }>("POST", `${devicesOf(userId)}/end-all`)).message,
    // The staff's second factors (decision 040): the SUPERADMIN's alone.
    secondFactorSetting: async () =>
      (await call<StaffSecondFactorSetting>("GET", "/api/admin/second-factor-setting")).data,
    saveSecondFactorSetting: async (mode: StaffSecondFactorMode) => {
      const envelope = await call<StaffSecondFactorSetting>("PUT", "/api/admin/second-factor-setting", { mode });
      return { setting: envelope.data, message: envelope.message };
    },
    userFactors: async (userId: string) =>
      (await call<StaffFactors>("GET", `/api/admin/users/${encodeURIComponent(userId)}/second-factors`)).data,
    /** Removes the account's factors and recovery codes and signs it out everywhere; answers the API's message. */
    resetUserFactors: async (userId: string) =>
      (await call<null>("POST", `/api/admin/users/${encodeURIComponent(userId)}/second-factors/reset`)).message,
    /**
     * 'Gestion des Produits' (decision 044): SUPERADMIN every product, ADMIN their own (the
     * server decides from the session), searched as the storefront searches, filtered, sorted, paged.
     */
    adminProducts: async (query: Partial<AdminProductsQuery> = {}) => {
      const envelope = await call<Product[]>("GET", `/api/admin/products${search(query)}`);
      return { products: envelope.data, total: envelope.meta?.total ?? envelope.data.length };
    },
    /** The brands of the products this admin manages, alphabetically: the grid's brand filter. */
    brands: async () => (await call<string[]>("GET", "/api/admin/products/brands")).data,
    createProduct: async (input: ProductCreateInput) => {
      const envelope = await call<Product>("POST", "/api/upload-product", input);
      return { product: envelope.data, message: envelope.message };
    },
    updateProduct: async (input: ProductUpdateInput) => {
      const envelope = await call<Product>("POST", "/api/update-product", input);
      return { product: envelope.data, message: envelope.message };
    },
    /**
     * Deletes the product, or archives it when orders name it (decision 046): `archived` says
     * which, the message says it in French.
     */
    deleteProduct: async (_id: string) => {
      const envelope = await call<{ archived: boolean } | null>("POST", "/api/delete-product", { _id });
      return { archived: envelope.data?.archived === true, message: envelope.message };
    },
    /** Off the storefront (a draft) or back on it (decision 046). */
    setProductHidden: async (_id: string, hidden: boolean) =>
      (await call<Product>("POST", "/api/update-product", { _id, hidden })).message,
    /** A hidden copy, "<name> (copie)", with the same options and variants and no stock. */
    duplicateProduct: async (id: string) => {
      const envelope = await call<Product>("POST", `/api/admin/products/${encodeURIComponent(id)}/duplicate`);
      return { product: envelope.data, message: envelope.message };
    },
    // Bulk changes on the grid (decision 048): the same body previewed, then applied.
    /** What the change would do (how many, a few as they are and would become); writes nothing. */
    bulkPreview: async (input: BulkProductsInput) =>
      (await call<BulkPreview>("POST", "/api/admin/products/bulk/preview", input)).data,
    /** The change, in one transaction; the message says it in French. */
    bulkApply: async (input: BulkProductsInput) => {
      const envelope = await call<BulkResult>("POST", "/api/admin/products/bulk", input);
      return { result: envelope.data, message: envelope.message };
    },
    /** One picture sent as the browser would (multipart), from a form posted to a page's action. */
    uploadImage: async (file: File) => {
      const form = new FormData();
      form.append("image", file, file.name);
      return (await call<UploadedImage>("POST", "/api/upload-image", form)).data;
    },
    // The catalogue CSV's import (decision 047): previewed, kept, confirmed, followed.
    /** The file sent as the browser sent it: what importing it would do, kept as the admin's import. */
    previewImport: async (file: File) => {
      const form = new FormData();
      form.append("file", file, file.name);
      return (await call<CataloguePreview>("POST", "/api/admin/products/import/preview", form)).data;
    },
    /** 'Confirmer l'import': a background job applies it (202). */
    applyImport: async (id: string) => {
      const envelope = await call<CatalogueImport>(
        "POST",
        `/api/admin/products/import/${encodeURIComponent(id)}/apply`,
      );
      return { current: envelope.data, message: envelope.message };
    },
    importStatus: async (id: string) =>
      (await call<CatalogueImport>("GET", `/api/admin/products/import/${encodeURIComponent(id)}`)).data,
    latestImport: async () => (await call<CatalogueImport | null>("GET", "/api/admin/products/import/latest")).data,
    // Categories (decision 046): every admin reads them, the SUPERADMIN alone changes them (403 otherwise).
    /** Every category, hidden ones too, in the storefront's order, with its products' count. */
    categories: async () => (await call<AdminCategory[]>("GET", "/api/admin/categories")).data,
    createCategory: async (input: CategoryCreateInput) =>
      (await call<AdminCategory>("POST", "/api/admin/categories", input)).message,
    updateCategory: async (id: string, input: CategoryUpdateInput) =>
      (await call<AdminCategory>("PUT", `/api/admin/categories/${encodeURIComponent(id)}`, input)).message,
    /** The whole new order: every category's id, once. */
    orderCategories: async (ids: readonly string[]) =>
      (await call<AdminCategory[]>("PUT", "/api/admin/categories/order", { ids })).message,
    deleteCategory: async (id: string) =>
      (await call<null>("DELETE", `/api/admin/categories/${encodeURIComponent(id)}`)).message,
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
    // Variants and stock (decision 024): ADMIN on its own products, SUPERADMIN on any.
    /** What the product form edits: the product's variants (values, prices, photos) and their exact counts. */
    productVariants: async (productId: string) => {
      const [details, stock] = await Promise.all([
        call<ProductDetails>("GET", `/api/admin/products/${encodeURIComponent(productId)}`),
        call<AdminVariantStock[]>("GET", `/api/admin/products/${encodeURIComponent(productId)}/stock`),
      ]);
      return { product: details.data, stock: stock.data };
    },
    saveVariants: async (productId: string, input: ProductVariantsInput) => {
      const envelope = await call<ProductDetails>(
        "POST",
        `/api/admin/products/${encodeURIComponent(productId)}/variants`,
        input,
      );
      return { product: envelope.data, message: envelope.message };
    },
    productStock: async (productId: string) =>
      (await call<AdminVariantStock[]>("GET", `/api/admin/products/${encodeURIComponent(productId)}/stock`)).data,
    adjustStock: async (input: StockAdjustInput) => {
      const envelope = await call<AdminVariantStock>("POST", "/api/admin/stock/adjust", input);
      return { variant: envelope.data, message: envelope.message };
    },
    stockMovements: async (query: Partial<StockMovementsQuery> = {}) => {
      const envelope = await call<StockMovement[]>("GET", `/api/admin/stock/movements${search(query)}`);
      return { movements: envelope.data, total: envelope.meta?.total ?? envelope.data.length };
    },
    stockAlerts: async () => (await call<StockAlert[]>("GET", "/api/admin/stock/alerts")).data,
    markAlertNotified: async (id: string) =>
      (await call<null>("POST", `/api/admin/stock/alerts/${encodeURIComponent(id)}/notified`)).message,
    // Delivery (decision 025): every admin alike.
    delivery: async () => (await call<AdminDelivery>("GET", "/api/admin/delivery")).data,
    createDeliveryOption: async (input: DeliveryOptionBody) =>
      (await call<AdminDeliveryOption>("POST", "/api/admin/delivery/options", input)).message,
    updateDeliveryOption: async (id: string, input: DeliveryOptionBody) =>
      (await call<AdminDeliveryOption>("PUT", `/api/admin/delivery/options/${encodeURIComponent(id)}`, input)).message,
    deleteDeliveryOption: async (id: string) =>
      (await call<null>("DELETE", `/api/admin/delivery/options/${encodeURIComponent(id)}`)).message,
    saveDeliverySettings: async (freeFrom: number | null) =>
      (await call<{ freeFrom: number | null }>("PUT", "/api/admin/delivery/settings", { freeFrom })).message,
    // Promotions (decision 051): every admin alike.
    /** Every sale and code, with its state and what it has brought. */
    promotions: async () => (await call<AdminPromotion[]>("GET", "/api/admin/promotions")).data,
    promotion: async (id: string) =>
      (await call<AdminPromotion>("GET", `/api/admin/promotions/${encodeURIComponent(id)}`)).data,
    createPromotion: async (input: PromotionInput) =>
      (await call<AdminPromotion>("POST", "/api/admin/promotions", input)).message,
    updatePromotion: async (id: string, input: PromotionInput) =>
      (await call<AdminPromotion>("PUT", `/api/admin/promotions/${encodeURIComponent(id)}`, input)).message,
    /** Pause, resume, or end now (an ended promotion stays ended). */
    changePromotionState: async (id: string, action: PromotionStateAction) =>
      (await call<AdminPromotion>("POST", `/api/admin/promotions/${encodeURIComponent(id)}/${action}`)).message,
    // Payments (decision 026): every admin alike.
    /** The 'À vérifier' queue: declared transfers and online payments that did not match, oldest first. */
    paymentsToVerify: async (query: Partial<PageQuery> = {}) => {
      const envelope = await call<PaymentToVerify[]>("GET", `/api/admin/payments${search(query)}`);
      return { payments: envelope.data, total: envelope.meta?.total ?? envelope.data.length };
    },
    approvePayment: async (id: string) =>
      (await call<AdminPayment>("POST", `/api/admin/payments/${encodeURIComponent(id)}/approve`)).message,
    rejectPayment: async (id: string, reason: string) =>
      (await call<AdminPayment>("POST", `/api/admin/payments/${encodeURIComponent(id)}/reject`, { reason })).message,
    confirmDeliveryFee: async (reference: string, fee: number) =>
      (await call<AdminOrder>("POST", `/api/admin/orders/${encodeURIComponent(reference)}/delivery-fee`, { fee }))
        .message,
    // Notifications on the admin's devices (decision 033).
    /** The shop's public VAPID key (base64url), for PushManager.subscribe. */
    pushKey: async () => (await call<PushKey>("GET", "/api/admin/push/key")).data.publicKey,
    /** This device's push subscription, kept (again) for the signed-in admin; answers the French confirmation. */
    subscribePush: async (subscription: PushSubscriptionInput) =>
      (await call<null>("POST", "/api/admin/push/subscriptions", subscription)).message,
    unsubscribePush: async (endpoint: string) =>
      (await call<null>("POST", "/api/admin/push/unsubscribe", { endpoint })).message,
    // The audit log (decision 038): the Journal is the SUPERADMIN's, a product's history its admin's too.
    /** A page of the Journal, newest first; `next` is the `before` of the page after (null: the last). */
    journal: async (query: Partial<JournalQuery> = {}) =>
      (await call<JournalPage>("GET", `/api/admin/journal${search(query)}`)).data,
    /** The chain of hashes recomputed: intact, or the first line changed or removed. */
    journalVerify: async () => (await call<JournalVerdict>("GET", "/api/admin/journal/verify")).data,
    /** A product's (by id) or an order's (by reference) lines, newest first. */
    history: async (entity: "product" | "order", id: string) =>
      (await call<JournalLine[]>("GET", `/api/admin/history/${encodeURIComponent(entity)}/${encodeURIComponent(id)}`))
        .data,
    // Personal data (decision 041): the SUPERADMIN's alone (an ADMIN is refused, 403).
    /** Customers' requests: "open" still to answer, oldest due first; "all" newest first. */
    privacyRequests: async (show: "open" | "all" = "open") =>
      (await call<AdminPrivacyRequest[]>("GET", `/api/admin/privacy-requests${search({ show })}`)).data,
    /** "done" carries the request out (an erasure erases), "refused" needs the reason in the note. */
    answerPrivacyRequest: async (id: string, input: PrivacyAnswerInput) => {
      const envelope = await call<AdminPrivacyRequest>(
        "POST",
        `/api/admin/privacy-requests/${encodeURIComponent(id)}/answer`,
        input,
      );
      return { request: envelope.data, message: envelope.message };
    },
    retention: async () => (await call<RetentionState>("GET", "/api/admin/privacy/retention")).data,
    saveRetention: async (input: RetentionInput) => {
      const envelope = await call<RetentionState>("PUT", "/api/admin/privacy/retention", input);
      return { state: envelope.data, message: envelope.message };
    },
    privacyRegister: async () => (await call<PrivacyRegister>("GET", "/api/admin/privacy/register")).data,
    saveProcessingActivity: async (id: string, input: ProcessingActivityInput) => {
      const envelope = await call<ProcessingActivity>(
        "PUT",
        `/api/admin/privacy/register/${encodeURIComponent(id)}`,
        input,
      );
      return { activity: envelope.data, message: envelope.message };
    },
  };
}
