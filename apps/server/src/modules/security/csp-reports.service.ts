import { z } from "zod";

/**
 * What a browser sends when a page's script policy blocks something (decision 023), in either
 * of its two formats, reduced to one log line per violation. Nothing is stored: the log is
 * where the owner (or whoever runs the server) sees that a page tried to run something it may
 * not, or that a new feature was written outside the policy.
 */

/** The longest text kept from a report field: a URL's path or a 40-character script sample. */
const FIELD_MAX = 200;
/** The most violations one Reporting API batch may carry. */
export const REPORTS_PER_BATCH = 50;

const text = z.string().max(4096);
const count = z.number().int().nonnegative().optional();

/** `report-uri`: `Content-Type: application/csp-report`, one violation (CSP Level 2). */
export const cspReportUri = z.object({
  "csp-report": z.looseObject({
    "document-uri": text,
    "violated-directive": text.optional(),
    "effective-directive": text.optional(),
    "blocked-uri": text.optional(),
    "source-file": text.optional(),
    "line-number": count,
    "column-number": count,
    "script-sample": text.optional(),
    disposition: text.optional(),
  }),
});

const cspViolationBody = z.looseObject({
  documentURL: text,
  effectiveDirective: text,
  blockedURL: text.optional(),
  sourceFile: text.optional(),
  lineNumber: count,
  columnNumber: count,
  sample: text.optional(),
  disposition: text.optional(),
});

/** `report-to`: `Content-Type: application/reports+json`, a batch (Reporting API). */
export const reportingApiBatch = z
  .array(z.looseObject({ type: text, url: text, body: z.record(z.string(), z.unknown()) }))
  .min(1)
  .max(REPORTS_PER_BATCH);

export interface CspViolation {
  page: string;
  directive: string;
  blocked?: string;
  source?: string;
  line?: number;
  column?: number;
  sample?: string;
  disposition?: string;
}

/**
 * A URL without its query and fragment: a page's address may carry what is not ours to log
 * (a search, a one-time link's token). Keywords such as `inline` or `eval` stay as they are.
 */
function withoutQuery(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const cut = value.search(/[?#]/);
  return clip(cut === -1 ? value : value.slice(0, cut));
}

function clip(value: string | undefined): string | undefined {
  return value === undefined ? undefined : value.slice(0, FIELD_MAX);
}

export function fromReportUri(report: z.infer<typeof cspReportUri>): CspViolation[] {
  const r = report["csp-report"];
  return [
    {
      page: withoutQuery(r["document-uri"]) ?? "",
      directive: clip(r["effective-directive"] ?? r["violated-directive"] ?? "") ?? "",
      blocked: withoutQuery(r["blocked-uri"]),
      source: withoutQuery(r["source-file"]),
      line: r["line-number"],
      column: r["column-number"],
      sample: clip(r["script-sample"]),
      disposition: clip(r.disposition),
    },
  ];
}

/**
 * The batch's CSP violations; other report types (none are asked for) are skipped. A
 * `csp-violation` whose body is not one is refused: the caller answers 400.
 */
export function fromReportingApi(batch: z.infer<typeof reportingApiBatch>): CspViolation[] | undefined {
  const violations: CspViolation[] = [];
  for (const report of batch) {
    if (report.type !== "csp-violation") continue;
    const parsed = cspViolationBody.safeParse(report.body);
    if (!parsed.success) return undefined;
    const b = parsed.data;
    violations.push({
      page: withoutQuery(b.documentURL) ?? "",
      directive: clip(b.effectiveDirective) ?? "",
      blocked: withoutQuery(b.blockedURL),
      source: withoutQuery(b.sourceFile),
      line: b.lineNumber,
      column: b.columnNumber,
      sample: clip(b.sample),
      disposition: clip(b.disposition),
    });
  }
  return violations;
}
