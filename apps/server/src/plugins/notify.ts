import type { Agent } from "node:https";
import { formatPrice, type Order } from "@shop/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config.ts";
import { type AdminNotification, notifyAdmins } from "../modules/push/push.service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Rings the admins' devices (decision 033), after the answer: a push service that is slow
     * or down never holds a customer's request, and a failure is only logged.
     */
    notifyAdmins(notification: AdminNotification): void;
  }
}

/** The notification of a new order: its reference, its customer, its total. */
export const newOrderNotification = (order: Pick<Order, "reference" | "name" | "total">): AdminNotification => ({
  title: `Nouvelle commande ${order.reference}`,
  body: `${order.name} — ${formatPrice(order.total)}`,
  url: `/admin-panel/orders/${order.reference}`,
  tag: `order-${order.reference}`,
});

export const notifyPlugin = fp(async (app: FastifyInstance, opts: { config: Config; pushAgent?: Agent }) => {
  const inFlight = new Set<Promise<unknown>>();
  app.decorate("notifyAdmins", (notification: AdminNotification) => {
    const sending = notifyAdmins(app.db, opts.config, notification, opts.pushAgent)
      .catch((err: unknown) => app.log.error({ err }, "admins' notification not sent"))
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  });
  // A server stopping finishes the notifications it started.
  app.addHook("onClose", async () => {
    await Promise.allSettled([...inFlight]);
  });
});
