import type { Agent } from "node:https";
import cookie from "@fastify/cookie";
import cors from "@fastify/cors";
import multipart from "@fastify/multipart";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyServerOptions, LogController } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { dailyJobs, jobHandlers } from "./jobs/handlers.ts";
import { auditRoutes } from "./modules/audit/audit.routes.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { myDevicesRoutes, staffDevicesRoutes } from "./modules/auth/devices.routes.ts";
import { passwordResetRoutes } from "./modules/auth/password-reset.routes.ts";
import { cartRoutes } from "./modules/cart/cart.routes.ts";
import { catalogueCsvRoutes } from "./modules/catalogue-csv/catalogue-csv.routes.ts";
import { adminCategoryRoutes, categoryRoutes } from "./modules/categories/categories.routes.ts";
import { contactRoutes } from "./modules/contact/contact.routes.ts";
import { messagesRoutes } from "./modules/contact/messages.routes.ts";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes.ts";
import { adminDeliveryRoutes, deliveryRoutes } from "./modules/delivery/delivery.routes.ts";
import { feedsRoutes } from "./modules/feeds/feeds.routes.ts";
import { imagesRoutes } from "./modules/images/images.routes.ts";
import { installRoutes } from "./modules/install/install.routes.ts";
import { adminOrdersRoutes } from "./modules/orders/orders.admin.routes.ts";
import { ordersRoutes } from "./modules/orders/orders.routes.ts";
import { payTokenPlugin } from "./modules/payments/pay-token.ts";
import { adminPaymentsRoutes } from "./modules/payments/payments.admin.routes.ts";
import { paymentsPlugin } from "./modules/payments/payments.plugin.ts";
import { paymentsRoutes } from "./modules/payments/payments.routes.ts";
import type { PaymentProvider } from "./modules/payments/provider.ts";
import { myDataRoutes } from "./modules/privacy/privacy.routes.ts";
import { privacyAdminRoutes } from "./modules/privacy/privacy-admin.routes.ts";
import { privacyPublicRoutes } from "./modules/privacy/privacy-public.routes.ts";
import { catalogueRoutes, productAdminRoutes } from "./modules/products/products.routes.ts";
import { adminPromotionsRoutes } from "./modules/promotions/promotions.routes.ts";
import { salesPlugin } from "./modules/promotions/sales.plugin.ts";
import { pushRoutes } from "./modules/push/push.routes.ts";
import { reviewsRoutes } from "./modules/reviews/reviews.routes.ts";
import {
  mySecondFactorsRoutes,
  secondFactorSignInRoutes,
  staffSecondFactorsRoutes,
} from "./modules/second-factors/second-factors.routes.ts";
import { cspReportsRoutes } from "./modules/security/csp-reports.routes.ts";
import { seoRoutes } from "./modules/seo/seo.routes.ts";
import { adminStockRoutes, stockAlertRoutes } from "./modules/stock/stock.routes.ts";
import { systemRoutes } from "./modules/system/system.routes.ts";
import { myAccountRoutes, usersRoutes } from "./modules/users/users.routes.ts";
import { auditCheckpointPlugin } from "./plugins/audit-checkpoint.ts";
import { authPlugin } from "./plugins/auth.ts";
import { catalogueCachePlugin } from "./plugins/catalogue-cache.ts";
import { dbPlugin } from "./plugins/db.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { filesPlugin } from "./plugins/files.ts";
import { jobsPlugin } from "./plugins/jobs.ts";
import { notifyPlugin } from "./plugins/notify.ts";
import { originPlugin } from "./plugins/origin.ts";
import { carriesSession } from "./plugins/page-cache.ts";
import { rateLimitPlugin } from "./plugins/rate-limit.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import { type WebOptions, webPlugin } from "./plugins/web.ts";

/** JSON bodies are small; sign-up (profile picture) and uploads set their own limits. */
const BODY_LIMIT = 64 * 1024;

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions["logger"];
  /** Serve the storefront too: from its production build, or through Vite in development. */
  web?: WebOptions;
  /** Replaces the payment provider the configuration names (tests of failures the fake cannot make). */
  paymentProvider?: PaymentProvider | null;
  /** How push services are reached (tests: an agent trusting the local push service's certificate). */
  pushAgent?: Agent;
}

export async function buildApp({ config, database, logger, web, paymentProvider, pushAgent }: BuildOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: [
        "req.headers.authorization",
        "req.headers.cookie",
        'req.headers["x-notch-signature"]',
        'res.headers["set-cookie"]',
      ],
    },
    // One line per request, written in onResponse below, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  if (!["fatal", "error", "warn", "silent"].includes(config.logLevel)) {
    app.addHook("onResponse", async (request, reply) => {
      request.log.info(
        {
          method: request.method,
          // A reset link's token opens an account: never written to the logs.
          url: request.url.replace(/([?&]token=)[^&]*/g, "$1[hidden]"),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        "request",
      );
    });
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Outside plugins first, then ours, then the routes (fastify/demo's order). The security
  // headers come before everything, so that every answer, even a 404 or an error, has them.
  await app.register(securityHeadersPlugin, { publicUrl: config.publicUrl, dev: Boolean(web?.devServer) });
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database });
  // Cookies are read only where a token is looked for (plugins/auth.ts), not on every request.
  await app.register(cookie, { hook: false });
  await app.register(rateLimitPlugin, {
    redisUrl: config.redisUrl,
    signInAttempts: config.authRateLimit,
    promoCodeAttempts: config.promoCodeRateLimit,
  });
  await app.register(multipart, { limits: { fileSize: 15 * 1024 * 1024, files: 1, fields: 10, parts: 11 } });
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.shop.name} API`, version: "1.0.0" },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer" },
          cookie: { type: "apiKey", in: "cookie", name: "token" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(originPlugin, {
    publicUrl: config.publicUrl,
    imagesUrl: config.storage.kind === "s3" ? config.storage.publicUrl : null,
  });
  await app.register(authPlugin, { config });
  await app.register(catalogueCachePlugin, config.catalogueCache);
  await app.register(salesPlugin);
  await app.register(payTokenPlugin, { secret: config.token.secret });
  await app.register(notifyPlugin, { config, pushAgent });

  await app.register(filesPlugin, { storage: config.storage });
  await app.register(auditCheckpointPlugin, { tokenSecret: config.token.secret });
  await app.register(paymentsPlugin, { config, provider: paymentProvider });

  await app.register(
    async (api) => {
      // An answer to a request carrying a session is that account's: no cache, shared or on the
      // phone, keeps it (decision 034). Answers that say otherwise (the catalogue's) keep theirs.
      api.addHook("onSend", (request, reply, payload, done) => {
        if (carriesSession(request) && !reply.hasHeader("cache-control")) {
          reply.header("cache-control", "private, no-store");
        }
        done(null, payload);
      });
      // Only the API is for other origins, and only those configured: none by default, since
      // the storefront is served from this same origin.
      if (config.corsOrigins.length) await api.register(cors, { origin: config.corsOrigins, credentials: true });
      await api.register(systemRoutes, { config });
      await api.register(authRoutes, { config });
      await api.register(passwordResetRoutes, { config });
      await api.register(catalogueRoutes);
      await api.register(productAdminRoutes);
      await api.register(catalogueCsvRoutes);
      await api.register(categoryRoutes);
      await api.register(adminCategoryRoutes);
      await api.register(imagesRoutes);
      await api.register(usersRoutes);
      await api.register(cartRoutes);
      await api.register(contactRoutes, { config });
      await api.register(ordersRoutes, { config });
      await api.register(adminOrdersRoutes);
      await api.register(deliveryRoutes, { config });
      await api.register(adminDeliveryRoutes);
      await api.register(adminPromotionsRoutes);
      await api.register(messagesRoutes);
      await api.register(dashboardRoutes);
      await api.register(reviewsRoutes);
      await api.register(adminStockRoutes, { config });
      await api.register(stockAlertRoutes, { config });
      await api.register(paymentsRoutes, { config });
      await api.register(adminPaymentsRoutes);
      await api.register(cspReportsRoutes);
      await api.register(pushRoutes, { config });
      await api.register(auditRoutes);
      await api.register(myDevicesRoutes);
      await api.register(staffDevicesRoutes);
      await api.register(mySecondFactorsRoutes, { config });
      await api.register(secondFactorSignInRoutes, { config });
      await api.register(staffSecondFactorsRoutes, { config });
      await api.register(myDataRoutes, { config });
      await api.register(privacyPublicRoutes, { config });
      await api.register(privacyAdminRoutes, { config });
      await api.register(myAccountRoutes, { config });
      // Unknown API paths stay JSON 404s; every other path belongs to the storefront.
      api.route({
        method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
        url: "/*",
        schema: { hide: true },
        handler: (_request, reply) => reply.callNotFound(),
      });
    },
    { prefix: "/api" },
  );

  // Work that outlives a request (decision 042): the personal data's retention, daily at 03:00,
  // and PGlite's upkeep at 04:00 (decision 049).
  await app.register(jobsPlugin, {
    pollMs: config.jobs.pollMs,
    leaseMs: config.jobs.leaseMs,
    handlers: jobHandlers(app, config),
    schedules: dailyJobs(config),
  });

  // Before the storefront, whose catch-all answers every path no other route claims.
  await app.register(seoRoutes, { config });
  await app.register(feedsRoutes, { config });
  await app.register(installRoutes, { config });
  if (web) await app.register(webPlugin, web);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
