import type {
  AdminCategory,
  AdminOrder,
  AdminPayment,
  AdminPrivacyRequest,
  AdminVariantStock,
  CartLine,
  DeliveryOffer,
  DeliveryOption,
  JournalLine,
  Order,
  OrderLine,
  OrderPayment,
  Payment,
  PaymentPoll,
  PaymentToVerify,
  ProcessingActivity,
  Product,
  ProductDetails,
  ProductVariant,
  User,
} from "@shop/shared";
import { availability, MSG } from "@shop/shared/core";
import type { PaymentReviewResult } from "../features/admin/payments/review-payment.server";
import type { CardProduct } from "../features/catalog/product-card";
import type { Session } from "../features/layout/session";

/**
 * The API's objects for the web app's tests, typed against the contract (@shop/shared): a test
 * names what it is about (`anOrder({ channel: "phone" })`) and takes the rest from here, so a
 * field the contract adds is added once, here, not in every test. Each builder's defaults are
 * one plausible object; a test that reads a value states it, rather than relying on a default
 * it does not show (the ids and dates, never read, are the exception).
 */

/** The n-th id of a test: a valid UUID that reads as its number. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** The date every builder's object was made and changed, unless a test says otherwise. */
export const AT = "2025-01-01T00:00:00.000Z";

/** A product without options, its stock not tracked, at one price. */
export const aProduct = (values: Partial<Product> = {}): Product => ({
  _id: uuid(1),
  productName: "Galaxy S24",
  brandName: "Samsung",
  category: "SAMSUNG",
  productImage: [],
  description: "",
  price: 500_000,
  sellingPrice: 450_000,
  userId: null,
  createdAt: AT,
  updatedAt: AT,
  options: [],
  // One price unless the test gives the dearest variant's.
  sellingPriceMax: values.sellingPrice ?? 450_000,
  stockStatus: "untracked",
  stockLeft: null,
  hidden: false,
  archived: false,
  sale: null,
  ...values,
});

/** A category as the back-office lists it (decision 046): shown, empty, first in the storefront's order. */
export const anAdminCategory = (values: Partial<AdminCategory> = {}): AdminCategory => ({
  _id: uuid(201),
  name: "IPHONE 16",
  slug: "iphone-16",
  image: null,
  position: 1,
  hidden: false,
  productCount: 0,
  createdAt: AT,
  updatedAt: AT,
  ...values,
});

/** One variant; its label is its values'. Its stock: `availability(count)` of @shop/shared. */
export const aVariant = (values: Partial<ProductVariant> = {}): ProductVariant => ({
  _id: uuid(101),
  optionValues: [],
  label: (values.optionValues ?? []).join(", "),
  price: 500_000,
  sellingPrice: 450_000,
  images: [],
  ...availability(null),
  sale: null,
  ...values,
});

/** What product-details answers: the product, not yet reviewed, and its one variant at its prices. */
export const aProductDetails = (values: Partial<ProductDetails> = {}): ProductDetails => {
  const product = aProduct(values);
  return {
    ...product,
    rating: { average: null, count: 0 },
    variants: [aVariant({ price: product.price, sellingPrice: product.sellingPrice })],
    ...values,
  };
};

/** A product as a card or a home section shows it. */
export const aCardProduct = (values: Partial<CardProduct> = {}): CardProduct => ({
  _id: uuid(1),
  productName: "Produit 1",
  category: "SAMSUNG",
  price: 100_000,
  sellingPrice: 90_000,
  sellingPriceMax: values.sellingPrice ?? 90_000,
  stockStatus: "untracked",
  stockLeft: null,
  ...values,
});

/** One line of the signed-in customer's cart: one of aProduct(), its one variant. */
export const aCartLine = (values: Partial<CartLine> = {}): CartLine => ({
  _id: uuid(100),
  userId: uuid(99),
  quantity: 1,
  productId: aProduct(),
  variant: aVariant(),
  createdAt: AT,
  updatedAt: AT,
  ...values,
});

/** A line of an order, as it was when the order was made. */
export const anOrderLine = (values: Partial<OrderLine> = {}): OrderLine => ({
  productId: uuid(1),
  productName: "Produit 1",
  variantId: null,
  variantLabel: "",
  unitPrice: 1000,
  quantity: 2,
  usualPrice: null,
  ...values,
});

/**
 * An order made from the cart on WhatsApp, without delivery: its totals are its lines' (one line,
 * 2 × 1 000 FCFA, unless the test gives others).
 */
export const anOrder = (values: Partial<Order> = {}): Order => {
  const lines = values.lines ?? [anOrderLine()];
  const totalPrice = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  return {
    _id: uuid(500),
    reference: "CMD-7K4Q",
    channel: "whatsapp",
    status: "nouvelle",
    name: "Client",
    phone: null,
    address: "",
    message: "",
    hasFile: false,
    lines,
    totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalPrice,
    delivery: null,
    total: totalPrice,
    discount: 0,
    promotionCode: null,
    discounts: [],
    payToken: "jeton-de-paiement",
    createdAt: AT,
    updatedAt: AT,
    ...values,
  };
};

/** An order as the back-office reads it: anOrder(), without customer, file, history or payment. */
export const anAdminOrder = (values: Partial<AdminOrder> = {}): AdminOrder => ({
  ...anOrder(values),
  customer: null,
  file: null,
  history: [],
  paymentChoice: null,
  payments: [],
  ...values,
});

/** A Mobile Money payment of 250 000 FCFA from an MTN number, waiting for the customer's code. */
export const aPayment = (values: Partial<Payment> = {}): Payment => ({
  _id: uuid(501),
  method: "mobile_money",
  operator: "mtn",
  phone: "+237677123456",
  amount: 250_000,
  currency: "XAF",
  state: "pending",
  reason: null,
  transactionId: null,
  createdAt: "2026-11-22T13:05:00.000Z",
  settledAt: null,
  ...values,
});

/** The waiting screen's read of aPayment() for order CMD-7K4Q, not paid yet. */
export const aPaymentPoll = (values: Partial<PaymentPoll> = {}): PaymentPoll => ({
  ...aPayment(values),
  orderReference: "CMD-7K4Q",
  orderPaid: false,
  payToken: "jeton",
  ...values,
});

/** The payment screen's order CMD-7K4Q: payable by Mobile Money, nothing tried, no shop numbers. */
export const anOrderPayment = (values: Partial<OrderPayment> = {}): OrderPayment => ({
  reference: "CMD-7K4Q",
  status: "nouvelle",
  total: 250_000,
  payable: true,
  paid: false,
  choice: null,
  payments: [],
  mobileMoney: true,
  transferNumbers: { mtn: null, orange: null },
  orderPhone: null,
  ...values,
});

/**
 * A payment as the back-office sees it; by default what it is asked to check: a transfer declared
 * from an MTN number with its transaction ID, no screenshot, not reviewed.
 */
export const anAdminPayment = (values: Partial<AdminPayment> = {}): AdminPayment => ({
  ...aPayment({ method: "transfer", state: "to_verify", transactionId: "MP261122.1405.A12345" }),
  provider: null,
  providerReference: null,
  flag: null,
  screenshotUrl: null,
  reviewedBy: null,
  reviewedAt: null,
  updatedAt: "2026-11-22T13:05:00.000Z",
  ...values,
});

/** A row of the 'À vérifier' queue: anAdminPayment() for Awa Ngono's confirmed order CMD-7K4Q. */
export const aPaymentToVerify = (values: Partial<PaymentToVerify> = {}): PaymentToVerify => ({
  ...anAdminPayment(),
  order: { reference: "CMD-7K4Q", name: "Awa Ngono", total: 250_000, status: "confirmée" },
  ...values,
});

/** What the back-office's payment review answers its screens: by default, aPaymentToVerify() approved. */
export const aReviewResult = (values: Partial<PaymentReviewResult> = {}): PaymentReviewResult => ({
  payment: true,
  ok: true,
  decision: "approve",
  id: uuid(501),
  reference: "CMD-7K4Q",
  message: MSG.paymentApproved,
  ...values,
});

/** A customer's account. */
export const aUser = (values: Partial<User> = {}): User => ({
  _id: uuid(1),
  name: "Awa",
  email: "awa@exemple.cm",
  role: "GENERAL",
  profilePic: "",
  createdAt: AT,
  updatedAt: AT,
  ...values,
});

/** The signed-in visitor as the layout reads them: a customer with an empty cart by default. */
export const aSession = ({
  user = {},
  cartCount = 0,
}: {
  user?: Partial<Session["user"]>;
  cartCount?: number;
} = {}): Session => {
  const { _id, name, role, profilePic } = aUser(user);
  return { user: { _id, name, role, profilePic }, cartCount };
};

/** A delivery zone. */
export const aDeliveryOption = (values: Partial<DeliveryOption> = {}): DeliveryOption => ({
  _id: uuid(600),
  kind: "zone",
  name: "Zone 1",
  fee: 1000,
  delay: "",
  details: "",
  neighbourhoods: [],
  ...values,
});

/** What the shop offers for delivery; by default nothing set up yet (ordering works as before delivery existed). */
export const aDeliveryOffer = (values: Partial<DeliveryOffer> = {}): DeliveryOffer => ({
  options: [],
  freeFrom: null,
  pickupAddress: "",
  ...values,
});

/** A variant's exact count as the back-office reads it; its status follows the count. */
export const aVariantStock = (values: Partial<AdminVariantStock> = {}): AdminVariantStock => ({
  _id: uuid(101),
  productId: uuid(1),
  productName: "Galaxy S24",
  label: "",
  stock: values.stock ?? null,
  stockStatus: availability(values.stock ?? null).stockStatus,
  updatedAt: AT,
  ...values,
});

/** A line of the audit log: a SUPERADMIN's change of a product's price. */
export const aJournalLine = (values: Partial<JournalLine> = {}): JournalLine => ({
  _id: 1,
  at: AT,
  actor: { _id: uuid(1), name: "Super Admin", role: "SUPERADMIN" },
  address: "10.0.0.1",
  entity: "product",
  entityId: uuid(2),
  action: "update",
  before: { sellingPrice: 790000 },
  after: { sellingPrice: 750000 },
  ...values,
});

/** A customer's request about their data, still to answer, made with their order's number (decision 041). */
export const anAdminPrivacyRequest = (values: Partial<AdminPrivacyRequest> = {}): AdminPrivacyRequest => ({
  _id: uuid(41),
  kind: "access",
  status: "received",
  reference: "CMD-7K4Q",
  phone: "+237677123456",
  name: "Awa Ngono",
  message: "",
  createdAt: AT,
  dueAt: "2025-01-31T00:00:00.000Z",
  overdue: false,
  answeredAt: null,
  answeredBy: null,
  answer: "",
  ordersCount: 1,
  ...values,
});

/** One processing of the register: the orders. */
export const aProcessingActivity = (values: Partial<ProcessingActivity> = {}): ProcessingActivity => ({
  _id: uuid(42),
  position: 1,
  purpose: "Gestion des commandes",
  legalBasis: "Exécution du contrat",
  data: "Nom, téléphone, adresse de livraison",
  people: "Clients",
  retention: "10 ans après la livraison",
  recipients: "La boutique",
  updatedAt: AT,
  ...values,
});
