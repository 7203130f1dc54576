import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import { createMailer, type Mailer } from "../lib/mailer.ts";
import { CATALOGUE_IMPORT_JOB, runImport } from "../modules/catalogue-csv/catalogue-import.service.ts";
import { handleInactiveAccounts } from "../modules/privacy/inactive-accounts.service.ts";
import { applyRetention, RETENTION_JOB } from "../modules/privacy/retention.service.ts";
import type { DailySchedule, JobHandler } from "./runner.ts";

/** Every kind of job and what runs it (decision 042). Each may run again after a crash: idempotent. */
export const jobHandlers = (app: FastifyInstance, config: Config): Record<string, JobHandler> => {
  // Made at the first job that sends one, closed with the app.
  let mailer: Promise<Mailer | null> | undefined;
  const mail = () => (mailer ??= createMailer(config.smtp, config.shop.name));
  app.addHook("onClose", async () => (await mailer)?.close());
  return {
    [CATALOGUE_IMPORT_JOB]: (job) =>
      runImport(app.db, String((job.payload as { importId?: unknown }).importId), {
        files: app.files,
        changed: () => app.catalogueChanged(),
        lastAttempt: job.attempts >= job.maxAttempts,
      }),
    [RETENTION_JOB]: async () => {
      const removed = await applyRetention(app.db, app.files);
      const accounts = await handleInactiveAccounts(app.db, app.files, {
        mailer: await mail(),
        shopName: config.shop.name,
        publicUrl: config.publicUrl ?? null,
      });
      return {
        ...removed,
        inactiveAccountsWarned: accounts.warned,
        inactiveAccountsErased: accounts.erased,
      };
    },
  };
};

/** The jobs made every day, at this hour of the shop's clock: the quiet of the night. */
export const DAILY_JOBS: readonly DailySchedule[] = [{ kind: RETENTION_JOB, hour: 3 }];
