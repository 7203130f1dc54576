import { MSG } from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { CSP_REPORT_ROUTE } from "../../plugins/security-headers.ts";
import { cspReportUri, fromReportingApi, fromReportUri, reportingApiBatch } from "./csp-reports.service.ts";

/** The two report formats; nothing else is read here. */
const REPORT_URI = "application/csp-report";
const REPORTING_API = "application/reports+json";
/** A report is about a kilobyte, the policy included; a batch of several fits well under this. */
const REPORT_BODY_LIMIT = 32 * 1024;
/** Per address: a page's violations come in a few reports, a flood is cut off. */
const rateLimit = { max: 30, timeWindow: 60_000 };

const mediaType = (header: string | undefined) => header?.split(";")[0]?.trim().toLowerCase();

/**
 * Where browsers send the pages' script-policy violations (`report-uri` and `report-to`,
 * decision 023): one log line each, nothing stored, 204.
 */
export const cspReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // In this plugin only: the rest of the API keeps reading application/json alone.
  app.addContentTypeParser(
    [REPORT_URI, REPORTING_API],
    { parseAs: "string", bodyLimit: REPORT_BODY_LIMIT },
    app.getDefaultJsonParser("error", "error"),
  );

  app.post(
    CSP_REPORT_ROUTE,
    {
      bodyLimit: REPORT_BODY_LIMIT,
      config: { rateLimit },
      preValidation: async (request) => {
        const type = mediaType(request.headers["content-type"]);
        if (type !== REPORT_URI && type !== REPORTING_API) throw new AppError(415, MSG.unsupportedMediaType);
      },
      schema: { hide: true, body: z.union([cspReportUri, reportingApiBatch]) },
    },
    async (request, reply) => {
      const body = request.body;
      const batch = mediaType(request.headers["content-type"]) === REPORTING_API;
      // Each format in its own media type only.
      if (batch !== Array.isArray(body)) throw new AppError(400, MSG.invalidInput);
      const violations = Array.isArray(body) ? fromReportingApi(body) : fromReportUri(body);
      if (!violations) throw new AppError(400, MSG.invalidInput);
      for (const csp of violations) request.log.warn({ csp }, "csp violation");
      return reply.status(204).send();
    },
  );
};
