import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import { CATALOGUE_TABLES, UPKEEP_JOB, upkeep } from "../db/upkeep.ts";
import { createMailer, type Mailer } from "../lib/mailer.ts";
import { AUDIT_CHECKPOINT_JOB } from "../modules/audit/checkpoint.ts";
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
  const database = { db: app.db, kind: config.database.kind };
  return {
    [CATALOGUE_IMPORT_JOB]: async (job) => {
      const report = await runImport(app.db, String((job.payload as { importId?: unknown }).importId), {
        files: app.files,
        changed: () => app.catalogueChanged(),
        lastAttempt: job.attempts >= job.maxAttempts,
      });
      // Thousands of rows rewritten: PGlite's tables are vacuumed at once, not at night.
      await upkeep(database, CATALOGUE_TABLES);
      return report;
    },
    [UPKEEP_JOB]: () => upkeep(database),
    [AUDIT_CHECKPOINT_JOB]: () => app.auditCheckpoint.keep(),
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

/**
 * The jobs made every day, at this hour of the shop's clock: the quiet of the night. The
 * database's upkeep only where no autovacuum does it (PGlite, decision 049); the audit log's
 * checkpoint, which staff changes also keep (decision 038).
 */
export const dailyJobs = (config: Config): readonly DailySchedule[] => [
  { kind: AUDIT_CHECKPOINT_JOB, hour: 2 },
  { kind: RETENTION_JOB, hour: 3 },
  ...(config.database.kind === "pglite" ? [{ kind: UPKEEP_JOB, hour: 4 }] : []),
];
