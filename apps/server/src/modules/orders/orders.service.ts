import {
  type AdminOrdersQuery,
  type CartOrderInput,
  canChangeOrderStatus,
  type DeliveryChoice,
  MSG,
  normalizeCode,
  type OrderDiscount,
  type OrderFormInput,
  type OrderStatus,
  type PaymentFilter,
  type PromoCodeCheckInput,
  variantLabel,
} from "@shop/shared";
import { and, asc, count, desc, eq, gt, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cartLines } from "../../db/schema/cart.ts";
import {
  type OrderLineRow,
  type OrderRow,
  type OrderStatusChangeRow,
  orderLines,
  orderStatusChanges,
  orders,
} from "../../db/schema/orders.ts";
import { type PaymentRow, payments } from "../../db/schema/payments.ts";
import { products, productVariants } from "../../db/schema/products.ts";
import { type UserRow, users } from "../../db/schema/users.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { UNIQUE_VIOLATION, violates } from "../../lib/pg-errors.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { recordChange, type Staff } from "../audit/audit.service.ts";
import { deliveryForOrder, type OrderDeliveryColumns } from "../delivery/delivery.service.ts";
import { onSale } from "../products/products.service.ts";
import {
  type AppliedCode,
  type CodeCustomer,
  checkCode,
  recordUse,
  releaseUses,
  takeCode,
} from "../promotions/codes.service.ts";
import { priceWith, salesRunning } from "../promotions/sales.ts";
import { giveBackStock, stockLinesOf, takeStock } from "../stock/stock.service.ts";
import { type OrderFile, removeOrderFile, storeOrderFile } from "./files.ts";
import { type ReferenceGenerator, randomReference, withFreeReference } from "./reference.ts";

export interface OrderWithLines {
  row: OrderRow;
  lines: OrderLineRow[];
}

/** A recorded order, and whether what customers see of the stock changed with it. */
export interface PlacedOrder {
  order: OrderWithLines;
  /** False when the first order was answered again: a second tap, or a retry with the same idempotency key. */
  created: boolean;
  /** The catalogue cache must then be cleared (decision 024). */
  stockShownChanged: boolean;
}

/** What can be swapped in tests: the reference generator, to force collisions. */
export interface OrderDeps {
  newReference?: ReferenceGenerator;
}

type CartChannel = "whatsapp" | "phone";

/** A cart line as it will be copied: the product's name, its variant's values and selling price right now. */
interface CartSnapshotLine {
  cartLineId: string;
  productId: string;
  productName: string;
  variantId: string;
  optionValues: string[];
  /** What a promotion's target reads (decision 051). */
  category: string;
  brand: string;
  unitPrice: number;
  quantity: number;
  /** The usual price when a sale lowered unitPrice, and that sale; null otherwise. */
  usualPrice: number | null;
  salePromotionId: string | null;
  saleName: string | null;
}

/** How long a second tap on the cart's button answers the order of the first. */
const TWIN_WINDOW = sql`interval '24 hours'`;
/** First key of the per-customer advisory lock (the second is the user id's hash). */
const ORDER_LOCK = 727_100_4;

/**
 * One customer's order writes run one after the other (two taps on the WhatsApp button, a
 * form sent twice), so the twin check and the cart copy see each other's result.
 */
async function lockCustomer(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_LOCK}::int, hashtext(${userId}))`);
}

/** First key of the per-idempotency-key advisory lock (the second is the key's hash). */
const ORDER_KEY_LOCK = 727_100_6;
/** The unique index that keeps one order per idempotency key. */
const KEY_INDEX = "orders_idempotency_key_key";

/** Form orders and cart orders (WhatsApp or phone alike) are the two kinds a key is tied to. */
type OrderKind = "form" | "cart";
const kindOf = (channel: OrderRow["channel"]): OrderKind => (channel === "form" ? "form" : "cart");

/**
 * Decision 014: the order an earlier request with this idempotency key made, or null. Requests
 * with the same key run one after the other from here (a transaction-level lock on the key),
 * so a retry racing the first request waits for it and finds its order. A key used for
 * another kind of order or by someone else is refused (409); no key: null.
 */
async function orderOfKey(
  tx: Db,
  key: string | null,
  kind: OrderKind,
  userId: string | null,
  lock = true,
): Promise<OrderWithLines | null> {
  if (!key) return null;
  if (lock) await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_KEY_LOCK}::int, hashtext(${key}))`);
  const [row] = await tx.select().from(orders).where(eq(orders.idempotencyKey, key)).limit(1);
  if (!row) return null;
  if (kindOf(row.channel) !== kind || row.userId !== userId) throw conflict(MSG.idempotencyKeyReused);
  return { row, lines: (await linesOf(tx, [row.id])).get(row.id) ?? [] };
}

/** The earlier order answered again: nothing created, no stock taken. */
const replayed = (order: OrderWithLines): PlacedOrder => ({ order, created: false, stockShownChanged: false });

function isKeyTaken(error: unknown): boolean {
  return violates(error, UNIQUE_VIOLATION, KEY_INDEX);
}

/**
 * Runs `place` (one transaction). The lock leaves the unique index as the last guard: if it
 * still refuses the key (a writer that skipped the lock stored an order with it meanwhile),
 * that order is answered as a retry's would be, not a 500; the refused transaction wrote nothing.
 */
async function onceForKey(
  db: Db,
  key: string | null,
  kind: OrderKind,
  userId: string | null,
  place: () => Promise<PlacedOrder>,
): Promise<PlacedOrder> {
  try {
    return await place();
  } catch (error) {
    if (!key || !isKeyTaken(error)) throw error;
    const earlier = await orderOfKey(db, key, kind, userId, false);
    if (!earlier) throw error;
    return replayed(earlier);
  }
}

/**
 * The cart in the order the cart page shows it (newest line first). A line whose product has
 * left the storefront since (hidden, archived, its category hidden: decision 046) refuses the
 * order, naming it: the customer removes it and orders the rest.
 */
async function cartSnapshot(tx: Db, userId: string): Promise<CartSnapshotLine[]> {
  const lines = await tx
    .select({
      cartLineId: cartLines.id,
      productId: products.id,
      productName: products.productName,
      variantId: productVariants.id,
      optionValues: productVariants.optionValues,
      category: products.category,
      brand: products.brandName,
      unitPrice: productVariants.sellingPrice,
      quantity: cartLines.quantity,
      forSale: sql<boolean>`${onSale}`,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .innerJoin(productVariants, eq(productVariants.id, cartLines.variantId))
    .where(eq(cartLines.userId, userId))
    .orderBy(desc(cartLines.createdAt), desc(cartLines.id));
  const gone = lines.find((l) => !l.forSale);
  if (gone) throw conflict(MSG.productNotForSale(gone.productName));
  // The sales running at this moment, read in the order's transaction (decision 051).
  const sales = await salesRunning(tx);
  return lines.map(({ forSale: _forSale, ...line }) => {
    const item = { productId: line.productId, variantId: line.variantId, category: line.category, brand: line.brand };
    const found = sales.length ? priceWith(sales, item, line.unitPrice) : null;
    return found
      ? {
          ...line,
          unitPrice: found.price,
          usualPrice: line.unitPrice,
          salePromotionId: found.sale.id,
          saleName: found.sale.name,
        }
      : { ...line, usualPrice: null, salePromotionId: null, saleName: null };
  });
}

const totals = (lines: readonly CartSnapshotLine[]) => ({
  totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
  totalPrice: lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0),
});

type NewOrder = Omit<typeof orders.$inferInsert, "id" | "reference" | "totalQuantity" | "totalPrice">;

const choiceOf = (input: DeliveryChoice): DeliveryChoice => ({
  deliveryOptionId: input.deliveryOptionId,
  neighbourhood: input.neighbourhood,
  city: input.city,
  landmark: input.landmark,
});

/**
 * A code typed with the order (decision 051): one use taken in the order's transaction, or a
 * refusal that writes nothing. None typed: null.
 */
async function codeFor(
  tx: Db,
  typed: string | undefined,
  cart: readonly CartSnapshotLine[],
  customer: CodeCustomer,
): Promise<AppliedCode | null> {
  if (!typed?.trim()) return null;
  return takeCode(
    tx,
    typed,
    cart.map((l) => ({ ...l, onSale: l.salePromotionId !== null })),
    customer,
  );
}

/**
 * The code check as it is typed: what it would take off the signed-in customer's cart now (a
 * visitor has no lines: only the code's own state is told). Counts nothing.
 */
export async function checkCodeForCart(
  db: Db,
  user: UserRow | null,
  input: PromoCodeCheckInput,
): Promise<AppliedCode & { subtotal: number }> {
  const cart = user ? await cartSnapshot(db, user.id) : [];
  const lines = cart.map((l) => ({ ...l, onSale: l.salePromotionId !== null }));
  const applied = await checkCode(db, input.code, lines, { phone: input.phone ?? null, userId: user?.id ?? null });
  return { ...applied, subtotal: totals(cart).totalPrice };
}

/** Each sale's line of the order's discounts: what it took off the lines it lowered. */
function saleDiscounts(cart: readonly CartSnapshotLine[]): OrderDiscount[] {
  const bySale = new Map<string, OrderDiscount>();
  for (const l of cart) {
    if (!l.salePromotionId || l.usualPrice === null) continue;
    const line = bySale.get(l.salePromotionId) ?? {
      promotionId: l.salePromotionId,
      kind: "sale",
      name: l.saleName ?? "",
      code: null,
      amount: 0,
      deliveryFree: false,
    };
    line.amount += (l.usualPrice - l.unitPrice) * l.quantity;
    bySale.set(l.salePromotionId, line);
  }
  return [...bySale.values()];
}

/** The order's copy of its discounts and what they change: the sales', the code's amount, a fee waived. */
function discountColumns(
  cart: readonly CartSnapshotLine[],
  code: AppliedCode | null,
  delivery: OrderDeliveryColumns,
): Pick<NewOrder, "discount" | "promotionCode" | "discounts" | "deliveryFee" | "deliveryFree"> {
  const sales = saleDiscounts(cart);
  if (!code) return sales.length ? { discounts: sales } : {};
  const { promotion, discount, deliveryFree } = code;
  const waived = deliveryFree ? (delivery.deliveryFee ?? 0) : 0;
  const line: OrderDiscount = {
    promotionId: promotion.id,
    kind: "code",
    name: promotion.name,
    code: promotion.code,
    amount: deliveryFree ? waived : discount,
    deliveryFree,
  };
  return {
    discount,
    promotionCode: promotion.code,
    discounts: [...sales, line],
    ...(deliveryFree && delivery.deliveryKind ? { deliveryFee: 0, deliveryFree: true } : {}),
  };
}

/** The order under a free reference and its lines, copied from the cart snapshot; the code's use tied to it. */
async function insertOrder(
  tx: Db,
  values: NewOrder,
  cart: readonly CartSnapshotLine[],
  newReference: ReferenceGenerator = randomReference,
  code: { applied: AppliedCode; customer: CodeCustomer } | null = null,
): Promise<OrderWithLines> {
  const row = await withFreeReference(async (reference) => {
    const [inserted] = await tx
      .insert(orders)
      .values({ ...values, ...totals(cart), reference })
      .onConflictDoNothing({ target: orders.reference })
      .returning();
    return inserted ?? null;
  }, newReference);
  if (code) await recordUse(tx, code.applied, row.id, code.customer);
  const lines = cart.length
    ? await tx
        .insert(orderLines)
        .values(
          cart.map((l, position) => ({
            orderId: row.id,
            productId: l.productId,
            productName: l.productName,
            variantId: l.variantId,
            variantLabel: variantLabel(l.optionValues),
            unitPrice: l.unitPrice,
            usualPrice: l.usualPrice,
            salePromotionId: l.salePromotionId,
            quantity: l.quantity,
            position,
          })),
        )
        .returning()
    : [];
  return { row, lines: lines.sort((a, b) => a.position - b.position) };
}

async function linesOf(db: Db, orderIds: string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  for (const line of rows) byOrder.get(line.orderId)?.push(line);
  return byOrder;
}

const sameLines = (lines: readonly OrderLineRow[], cart: readonly CartSnapshotLine[]) =>
  lines.length === cart.length &&
  lines.every(
    (l, i) =>
      l.productId === cart[i]?.productId &&
      l.variantId === cart[i]?.variantId &&
      l.unitPrice === cart[i]?.unitPrice &&
      l.quantity === cart[i]?.quantity,
  );

const DELIVERY_COLUMNS = [
  "deliveryKind",
  "deliveryName",
  "deliveryFee",
  "deliveryNeighbourhood",
  "deliveryCity",
  "deliveryLandmark",
] as const;
const sameDelivery = (row: OrderRow, delivery: OrderDeliveryColumns) =>
  DELIVERY_COLUMNS.every((key) => (row[key] ?? null) === (delivery[key] ?? null));

/**
 * The customer's new order of the last 24 h on this channel with exactly these lines and this
 * delivery, if any.
 */
async function recentTwin(
  tx: Db,
  userId: string,
  channel: CartChannel,
  cart: readonly CartSnapshotLine[],
  delivery: OrderDeliveryColumns,
  promotionCode: string | null,
): Promise<OrderWithLines | null> {
  const candidates = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.channel, channel),
        eq(orders.status, "nouvelle"),
        gt(orders.createdAt, sql`now() - ${TWIN_WINDOW}`),
        eq(orders.totalQuantity, totals(cart).totalQuantity),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(20);
  const lines = await linesOf(
    tx,
    candidates.map((c) => c.id),
  );
  for (const row of candidates) {
    const own = lines.get(row.id) ?? [];
    if (sameLines(own, cart) && sameDelivery(row, delivery) && row.promotionCode === promotionCode)
      return { row, lines: own };
  }
  return null;
}

/**
 * The cart's WhatsApp or phone button: the cart becomes an order before the customer leaves
 * for WhatsApp. A second tap with the same cart answers the first order (`created: false`).
 * The cart is kept: the message may not have been sent yet. The stock is taken with the
 * order, or the order is refused (409) and nothing is written. The delivery chosen is copied
 * with its fee (decision 025). With an idempotency key (decision 014), a retry answers the
 * order its key made, whatever the cart has become; a refused attempt records no key.
 */
export async function orderFromCart(
  db: Db,
  user: UserRow,
  input: CartOrderInput,
  deps: OrderDeps = {},
): Promise<PlacedOrder> {
  const { channel } = input;
  const key = input.idempotencyKey ?? null;
  return onceForKey(db, key, "cart", user.id, () =>
    db.transaction(async (tx) => {
      // A retry answers its first order whatever the cart has become since.
      const earlier = await orderOfKey(tx, key, "cart", user.id);
      if (earlier) return replayed(earlier);
      await lockCustomer(tx, user.id);
      const cart = await cartSnapshot(tx, user.id);
      if (cart.length === 0) throw badRequest(MSG.cartEmpty);
      const delivery = await deliveryForOrder(tx, choiceOf(input), totals(cart).totalPrice);
      const typed = input.promoCode?.trim() ? normalizeCode(input.promoCode) : null;
      const twin = await recentTwin(tx, user.id, channel, cart, delivery, typed);
      if (twin) return replayed(twin);
      // The number, given when a code is limited per customer, is the order's too.
      const customer = { phone: input.phone ?? null, userId: user.id };
      const applied = await codeFor(tx, input.promoCode, cart, customer);
      const order = await insertOrder(
        tx,
        {
          channel,
          userId: user.id,
          name: user.name,
          phone: customer.phone,
          address: "",
          idempotencyKey: key,
          ...delivery,
          ...discountColumns(cart, applied, delivery),
        },
        cart,
        deps.newReference,
        applied && { applied, customer },
      );
      const { shownChanged } = await takeStock(tx, order.row, stockLinesOf(order.lines), user);
      return { order, created: true, stockShownChanged: shownChanged };
    }),
  );
}

/**
 * The order form. A signed-in customer's cart lines come with it and the cart is emptied,
 * in the same transaction, and their stock taken. The file is written first and removed if
 * the order is not stored, so neither exists without the other. With an idempotency key
 * (decision 014), a retry answers the order its key made and removes the file it brought.
 */
export async function orderFromForm(
  db: Db,
  files: FileStorage,
  user: UserRow | null,
  input: OrderFormInput,
  file: OrderFile,
  deps: OrderDeps = {},
): Promise<PlacedOrder> {
  const key = input.idempotencyKey ?? null;
  const userId = user?.id ?? null;
  const storedName = await storeOrderFile(files, file);
  let placed: PlacedOrder;
  try {
    placed = await onceForKey(db, key, "form", userId, () =>
      db.transaction(async (tx): Promise<PlacedOrder> => {
        const earlier = await orderOfKey(tx, key, "form", userId);
        if (earlier) return replayed(earlier);
        let cart: CartSnapshotLine[] = [];
        if (user) {
          await lockCustomer(tx, user.id);
          cart = await cartSnapshot(tx, user.id);
        }
        const delivery = await deliveryForOrder(tx, choiceOf(input), totals(cart).totalPrice);
        const customer = { phone: input.number, userId };
        const applied = await codeFor(tx, input.promoCode, cart, customer);
        const order = await insertOrder(
          tx,
          {
            channel: "form",
            userId,
            name: input.name,
            phone: input.number,
            address: input.text,
            message: input.message,
            filePath: storedName,
            fileName: file.name,
            fileType: file.mime,
            idempotencyKey: key,
            ...delivery,
            ...discountColumns(cart, applied, delivery),
          },
          cart,
          deps.newReference,
          applied && { applied, customer },
        );
        const { shownChanged } = await takeStock(tx, order.row, stockLinesOf(order.lines), {
          id: userId,
          name: input.name,
        });
        if (cart.length) {
          await tx.delete(cartLines).where(
            inArray(
              cartLines.id,
              cart.map((l) => l.cartLineId),
            ),
          );
        }
        return { order, created: true, stockShownChanged: shownChanged };
      }),
    );
  } catch (error) {
    await removeOrderFile(files, storedName);
    throw error;
  }
  // A retry answered with its first order: the file it brought again is not kept.
  if (!placed.created) await removeOrderFile(files, storedName);
  return placed;
}

/**
 * The status page: found only when the reference and the phone both match, and answered the
 * same way whether the reference exists or not.
 */
export async function orderForCustomer(db: Db, reference: string, phone: string): Promise<OrderWithLines> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.reference, reference), eq(orders.phone, phone)))
    .limit(1);
  if (!row) throw notFound(MSG.orderNotFound);
  return { row, lines: (await linesOf(db, [row.id])).get(row.id) ?? [] };
}

/** The most orders "my orders" lists (newest first). */
export const MY_ORDERS_MAX = 100;

export async function ordersOf(db: Db, userId: string): Promise<OrderWithLines[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(MY_ORDERS_MAX);
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ row, lines: lines.get(row.id) ?? [] }));
}

/** The stored file of an order, for the shop's admins. */
export async function orderFileOf(
  db: Db,
  reference: string,
): Promise<{ storedName: string; name: string; type: string }> {
  const [row] = await db
    .select({ filePath: orders.filePath, fileName: orders.fileName, fileType: orders.fileType })
    .from(orders)
    .where(eq(orders.reference, reference))
    .limit(1);
  if (!row?.filePath || !row.fileType) throw notFound(MSG.orderFileNotFound);
  return { storedName: row.filePath, name: row.fileName ?? row.filePath, type: row.fileType };
}

// The back-office (decision 018): every order of the shop, for ADMIN and SUPERADMIN alike.

export interface OrderPage {
  rows: OrderRow[];
  total: number;
}

/**
 * What an admin types in the search box: part of a reference ("7k4q", "cmd 7k4q"), of the
 * customer's name (case and accents ignored), or of a phone number however spaced
 * ("677 12 34 56"). Matched with strpos, so "%" and "_" are plain characters.
 */
function orderSearch(q: string): SQL | undefined {
  const term = q.trim().replace(/\s+/g, " ");
  if (!term) return undefined;
  const conditions: (SQL | undefined)[] = [
    sql`strpos(lower(shop_unaccent(${orders.name})), lower(shop_unaccent(${term}::text))) > 0`,
  ];
  const compact = term.replace(/[\s-]+/g, "").toUpperCase();
  if (compact) conditions.push(sql`strpos(replace(${orders.reference}, '-', ''), ${compact}::text) > 0`);
  // Only a number-looking search reads phones: the digits of "CMD-7K4Q" are no phone number.
  if (/^[\d\s+().-]+$/.test(term)) {
    const digits = term.replace(/\D/g, "").replace(/^00/, "");
    if (digits) conditions.push(sql`strpos(${orders.phone}, ${digits}::text) > 0`);
  }
  return or(...conditions);
}

/** The orders list: newest first, narrowed by status and by a search. */
const paidOnline = sql`exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.state} = 'paid')`;

/** Decision 026: paid by Mobile Money (provider or approved transfer), cash on delivery, not paid yet. */
function paymentFilter(filter: PaymentFilter): SQL | undefined {
  switch (filter) {
    case "online":
      return paidOnline;
    case "cash":
      return and(eq(orders.paymentChoice, "cash"), sql`not ${paidOnline}`);
    case "unpaid":
      return and(
        inArray(orders.status, ["nouvelle", "confirmée"]),
        sql`${orders.paymentChoice} is distinct from 'cash'`,
        sql`not ${paidOnline}`,
      );
  }
}

export async function adminOrders(db: Db, query: AdminOrdersQuery): Promise<OrderPage> {
  const where = and(
    query.status ? eq(orders.status, query.status) : undefined,
    query.q ? orderSearch(query.q) : undefined,
    query.payment ? paymentFilter(query.payment) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export interface AdminOrderRows extends OrderWithLines {
  customer: Pick<UserRow, "id" | "name" | "email"> | null;
  /** Oldest first. */
  history: OrderStatusChangeRow[];
  /** Every payment attempt, newest first (decision 026). */
  payments: PaymentRow[];
}

async function withDetails(db: Db, row: OrderRow): Promise<AdminOrderRows> {
  const [lines, customer, history, attempts] = await Promise.all([
    linesOf(db, [row.id]),
    row.userId
      ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, row.userId))
      : Promise.resolve([]),
    db
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, row.id))
      .orderBy(asc(orderStatusChanges.createdAt), asc(orderStatusChanges.id)),
    db.select().from(payments).where(eq(payments.orderId, row.id)).orderBy(desc(payments.createdAt), desc(payments.id)),
  ]);
  return { row, lines: lines.get(row.id) ?? [], customer: customer[0] ?? null, history, payments: attempts };
}

export async function adminOrder(db: Db, reference: string): Promise<AdminOrderRows> {
  const [row] = await db.select().from(orders).where(eq(orders.reference, reference)).limit(1);
  if (!row) throw notFound(MSG.adminOrderNotFound);
  return withDetails(db, row);
}

/**
 * Moves an order along ORDER_STATUS_TRANSITIONS and records who did it. The order's row is
 * locked first, so two admins changing it at once are served one after the other and the
 * second one's change is judged from the first one's result. A cancellation gives the
 * order's stock back, in the same transaction (it is final: it cannot happen twice).
 */
export async function changeOrderStatus(
  db: Db,
  staff: Staff,
  reference: string,
  status: OrderStatus,
): Promise<AdminOrderRows & { stockShownChanged: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.reference, reference)).for("update");
    if (!row) throw notFound(MSG.adminOrderNotFound);
    const { updated, stockShownChanged } = await moveOrderStatus(tx, row, status, staff.user);
    await recordChange(tx, staff, {
      entity: "order",
      entityId: reference,
      action: "status",
      before: { status: row.status },
      after: { status: updated.status },
    });
    return { ...(await withDetails(tx, updated)), stockShownChanged };
  });
}

/**
 * One status change of an order whose row the caller has locked, by the rules of
 * ORDER_STATUS_TRANSITIONS: the back-office's changes and a payment's (decision 026, with its
 * note and the payment as the actor, id null) go through here alike.
 */
export async function moveOrderStatus(
  tx: Db,
  row: OrderRow,
  status: OrderStatus,
  actor: { id: string | null; name: string },
  note = "",
): Promise<{ updated: OrderRow; stockShownChanged: boolean }> {
  if (row.status === status) throw conflict(MSG.orderStatusSame);
  if (!canChangeOrderStatus(row.status, status)) throw conflict(MSG.orderStatusNotAllowed);
  // The clock at this moment, not now() (the transaction's start): a change that waited for
  // the row's lock must come after the one it waited for. The change's createdAt copies the
  // order's updatedAt to the microsecond, so the two agree and the history reads as a chain.
  const [updated] = await tx
    .update(orders)
    .set({ status, updatedAt: sql`clock_timestamp()` })
    .where(eq(orders.id, row.id))
    .returning();
  if (!updated) throw notFound(MSG.adminOrderNotFound);
  await tx.insert(orderStatusChanges).values({
    orderId: row.id,
    fromStatus: row.status,
    toStatus: status,
    changedBy: actor.id,
    changedByName: actor.name,
    note,
    createdAt: sql`(select ${orders.updatedAt} from ${orders} where ${orders.id} = ${row.id})`,
  });
  const { shownChanged } = status === "annulée" ? await giveBackStock(tx, updated, actor) : { shownChanged: false };
  // A cancelled order gives its code's use back (decision 051); its copy of the discount stays.
  if (status === "annulée") await releaseUses(tx, row.id);
  return { updated, stockShownChanged: shownChanged };
}

/**
 * The fee of an order whose delivery is "à confirmer" (shipping out of Yaoundé), once the shop
 * has asked the carrier: set once, while the order is neither paid, delivered nor cancelled.
 * The total follows (a generated column).
 */
export async function confirmDeliveryFee(
  db: Db,
  staff: Staff,
  reference: string,
  fee: number,
): Promise<AdminOrderRows> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.reference, reference)).for("update");
    if (!row) throw notFound(MSG.adminOrderNotFound);
    if (!row.deliveryKind || row.deliveryFee !== null) throw conflict(MSG.deliveryFeeNotToConfirm);
    if (row.status !== "nouvelle" && row.status !== "confirmée") throw conflict(MSG.deliveryFeeTooLate);
    const [updated] = await tx
      .update(orders)
      .set({ deliveryFee: fee, updatedAt: sql`now()` })
      .where(eq(orders.id, row.id))
      .returning();
    if (!updated) throw notFound(MSG.adminOrderNotFound);
    await recordChange(tx, staff, {
      entity: "order",
      entityId: reference,
      action: "delivery-fee",
      before: { deliveryFee: row.deliveryFee, total: row.total },
      after: { deliveryFee: updated.deliveryFee, total: updated.total },
    });
    return withDetails(tx, updated);
  });
}
