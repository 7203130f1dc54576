import type { FastifyInstance } from "fastify";
import { applyRetention } from "../modules/privacy/retention.service.ts";
import type { DailySchedule, JobHandler } from "./runner.ts";

/** Every kind of job and what runs it (decision 042). Each may run again after a crash: idempotent. */
export const jobHandlers = (app: FastifyInstance): Record<string, JobHandler> => ({
  retention: () => applyRetention(app.db, app.files),
});

/** The jobs made every day, at this hour of the shop's clock: the quiet of the night. */
export const DAILY_JOBS: readonly DailySchedule[] = [{ kind: "retention", hour: 3 }];
