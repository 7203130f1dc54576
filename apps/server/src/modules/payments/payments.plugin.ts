import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../../config.ts";
import { createNotchPay } from "./notchpay.ts";
import type { PaymentsContext } from "./payments.service.ts";
import { paidNotification } from "./payments.service.ts";
import type { PaymentProvider } from "./provider.ts";
import { startReconciliation } from "./reconcile.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** What paying an order needs: the provider (Notch Pay, or none), the transfer numbers, the files. */
    payments: PaymentsContext;
  }
}

/**
 * The payments' engine, chosen once at start like the other engines (decision 026): the Notch
 * Pay client when the configuration has its keys (or the provider a test gives, to misbehave
 * in ways the fake does not), and the reconciliation of what webhooks missed, stopped with the
 * app. Registered after the database, the files and the admins' notifications.
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance, { config, provider }: { config: Config; provider?: PaymentProvider | null }) => {
    const payments: PaymentsContext = {
      db: app.db,
      provider: provider !== undefined ? provider : config.notchpay ? createNotchPay(config.notchpay) : null,
      tokenSecret: config.token.secret,
      transferNumbers: config.payments.transferNumbers,
      files: app.files,
      reconcileAfterMs: config.payments.reconcileAfterMs,
      onPaid: (attempt) => {
        paidNotification(app.db, attempt)
          .then((notification) => app.notifyAdmins(notification))
          .catch((err: unknown) => app.log.error({ err }, "payment notification not sent"));
      },
    };
    app.decorate("payments", payments);

    if (payments.provider && config.payments.reconcileIntervalMs > 0) {
      const stop = startReconciliation(payments, app.database, config.payments.reconcileIntervalMs, app.log);
      app.addHook("onClose", stop);
    }
  },
  { name: "payments" },
);
