import {
  type AdminBadges,
  DASHBOARD_BEST_SELLERS,
  DASHBOARD_DAYS,
  DASHBOARD_LOW_STOCK,
  DASHBOARD_NEWEST_ORDERS,
  type Dashboard,
  LOW_STOCK_MAX,
  SHOP_TIME_ZONE,
  variantLabel,
} from "@shop/shared";
import { and, asc, count, desc, eq, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactMessages } from "../../db/schema/contact.ts";
import { type OrderRow, orders } from "../../db/schema/orders.ts";
import { payments } from "../../db/schema/payments.ts";
import { products, productVariants } from "../../db/schema/products.ts";
import type { UserRow } from "../../db/schema/users.ts";

/** What the back-office's sidebar counts: orders still "nouvelle" and unread messages. */
export async function badges(db: Db): Promise<AdminBadges> {
  const [[newOrders], [unreadMessages], [toVerify]] = await Promise.all([
    db.select({ n: count() }).from(orders).where(eq(orders.status, "nouvelle")),
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
    db.select({ n: count() }).from(payments).where(eq(payments.state, "to_verify")),
  ]);
  return {
    newOrders: newOrders?.n ?? 0,
    unreadMessages: unreadMessages?.n ?? 0,
    paymentsToVerify: toVerify?.n ?? 0,
  };
}

export type DashboardFigures = Omit<Dashboard, "newestOrders" | "lowStock" | "lowStockTotal"> & {
  newestOrders: OrderRow[];
};

/** Both drivers answer `{ rows }`; the common database type does not say so. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The shop's calendar at `now`, as a CTE named `bounds`: today's date in Yaoundé, and the
 * instants where today, tomorrow, this month and the chart's first day begin there. Orders
 * are compared with these instants rather than with their local dates, so that the index on
 * created_at can serve the ranges.
 */
const boundsAt = (now: Date) => sql`
  with clock as (select (${now.toISOString()}::timestamptz at time zone ${SHOP_TIME_ZONE})::date as today)
  , bounds as (
    select today,
      today - ${DASHBOARD_DAYS - 1}::int as first_day,
      (today::timestamp at time zone ${SHOP_TIME_ZONE}) as today_start,
      ((today + 1)::timestamp at time zone ${SHOP_TIME_ZONE}) as tomorrow_start,
      (date_trunc('month', today::timestamp) at time zone ${SHOP_TIME_ZONE}) as month_start,
      ((today - ${DASHBOARD_DAYS - 1}::int)::timestamp at time zone ${SHOP_TIME_ZONE}) as range_start
    from clock
  )`;

/** Orders that count in the figures: not cancelled, made before the end of the shop's today. */
const counted = sql`o.status <> 'annulée' and o.created_at < b.tomorrow_start`;

/**
 * The dashboard, computed by the database: today's and this month's orders and their value,
 * orders per day over the last DASHBOARD_DAYS days (days without orders included), the best
 * sellers over those days, and the newest orders. Cancelled orders count nowhere; days and
 * months are Yaoundé's. An order's value is what its lines were sold for, a code's discount taken
 * off (decision 051; a sale's is in the lines' prices already). `now` is a parameter so that tests can stand at a chosen instant.
 */
export async function dashboard(db: Db, now: Date = new Date()): Promise<DashboardFigures> {
  const bounds = boundsAt(now);
  const [[totals], perDay, bestSellers, newestOrders, [received]] = await Promise.all([
    rowsOf<{ today_orders: number; today_value: string; month_orders: number; month_value: string }>(
      db,
      sql`${bounds}
      select
        count(*) filter (where o.created_at >= b.today_start)::int as today_orders,
        coalesce(sum(o.total_price - o.discount) filter (where o.created_at >= b.today_start), 0)::bigint as today_value,
        count(*)::int as month_orders,
        coalesce(sum(o.total_price - o.discount), 0)::bigint as month_value
      from bounds b
      join orders o on o.created_at >= b.month_start and ${counted}`,
    ),
    rowsOf<{ date: string; orders: number; value: string }>(
      db,
      sql`${bounds}
      , per_day as (
        select (o.created_at at time zone ${SHOP_TIME_ZONE})::date as day,
          count(*)::int as orders, sum(o.total_price - o.discount)::bigint as value
        from bounds b
        join orders o on o.created_at >= b.range_start and ${counted}
        group by 1
      )
      select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(p.orders, 0)::int as orders,
        coalesce(p.value, 0)::bigint as value
      from bounds b
      cross join lateral (select b.first_day + i as day from generate_series(0, ${DASHBOARD_DAYS - 1}::int) as i) d
      left join per_day p on p.day = d.day
      order by d.day`,
    ),
    // A line keeps its product's id (null once the product is deleted, its name kept): lines
    // are grouped by product, and lines of deleted products by the name they were sold under.
    rowsOf<{ product_id: string | null; product_name: string; quantity: number; value: string }>(
      db,
      sql`${bounds}
      select l.product_id, coalesce(p.product_name, max(l.product_name)) as product_name,
        sum(l.quantity)::int as quantity, sum(l.unit_price::bigint * l.quantity)::bigint as value
      from bounds b
      join orders o on o.created_at >= b.range_start and ${counted}
      join order_lines l on l.order_id = o.id
      left join products p on p.id = l.product_id
      group by l.product_id, p.product_name, case when l.product_id is null then l.product_name end
      order by 3 desc, 4 desc, 2
      limit ${DASHBOARD_BEST_SELLERS}::int`,
    ),
    db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(DASHBOARD_NEWEST_ORDERS),
    // Money received by Mobile Money (decision 026), by the day it was received.
    rowsOf<{ today: string; month: string }>(
      db,
      sql`${bounds}
      select
        coalesce(sum(p.amount) filter (where p.settled_at >= b.today_start), 0)::bigint as today,
        coalesce(sum(p.amount), 0)::bigint as month
      from bounds b
      join payments p on p.state = 'paid' and p.settled_at >= b.month_start and p.settled_at < b.tomorrow_start`,
    ),
  ]);
  return {
    today: { orders: totals?.today_orders ?? 0, value: Number(totals?.today_value ?? 0) },
    month: { orders: totals?.month_orders ?? 0, value: Number(totals?.month_value ?? 0) },
    perDay: perDay.map((d) => ({ date: d.date, orders: Number(d.orders), value: Number(d.value) })),
    bestSellers: bestSellers.map((s) => ({
      productId: s.product_id,
      productName: s.product_name,
      quantity: Number(s.quantity),
      value: Number(s.value),
    })),
    newestOrders,
    receivedOnline: { today: Number(received?.today ?? 0), month: Number(received?.month ?? 0) },
  };
}

/**
 * The variants running out (decision 024): tracked ones at LOW_STOCK_MAX or under, sold-out
 * ones first, at most DASHBOARD_LOW_STOCK, with how many there are in all. Stock is part of
 * the product (SPEC.md §6): an ADMIN sees its own products', a SUPERADMIN everyone's.
 */
export async function lowStock(
  db: Db,
  actor: Pick<UserRow, "id" | "role">,
): Promise<Pick<Dashboard, "lowStock" | "lowStockTotal">> {
  const where = and(
    isNotNull(productVariants.stock),
    lte(productVariants.stock, LOW_STOCK_MAX),
    actor.role === "SUPERADMIN" ? undefined : eq(products.userId, actor.id),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        variantId: productVariants.id,
        productId: products.id,
        productName: products.productName,
        optionValues: productVariants.optionValues,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(where)
      .orderBy(asc(productVariants.stock), asc(products.productName), asc(productVariants.position))
      .limit(DASHBOARD_LOW_STOCK),
    db
      .select({ n: count() })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(where),
  ]);
  return {
    lowStock: rows.map(({ optionValues, stock, ...row }) => ({
      ...row,
      label: variantLabel(optionValues),
      stock: stock ?? 0,
    })),
    lowStockTotal: totals?.n ?? 0,
  };
}
