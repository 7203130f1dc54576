import { beforeEach, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/harness.ts";

/** Decision 023: the pages' policy violations reach the shop, and nothing else gets in that way. */

const lines: Record<string, unknown>[] = [];
const violations = () => lines.filter((line) => line.msg === "csp violation").map((line) => line.csp);

const ctx = useTestApp({ log: { write: (line) => lines.push(JSON.parse(line)) } });
beforeEach(() => {
  lines.length = 0;
});

let address = 0;
/** Each test its own client address: the endpoint's limit counts per address. */
function post(contentType: string, payload: string | object, remoteAddress = `10.0.0.${++address}`) {
  return ctx.call("POST", "/api/csp-report", {
    remoteAddress,
    headers: { "content-type": contentType },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
}

/** What Chromium sends through `report-to` for an inline script on the search page. */
const reportingApiBatch = [
  {
    age: 12,
    type: "csp-violation",
    url: "https://shop.cm/search?q=iphone",
    user_agent: "Mozilla/5.0",
    body: {
      blockedURL: "inline",
      columnNumber: 9,
      disposition: "enforce",
      documentURL: "https://shop.cm/search?q=iphone#top",
      effectiveDirective: "script-src-elem",
      lineNumber: 3,
      originalPolicy: "script-src 'nonce-abc' 'strict-dynamic'; report-to csp",
      referrer: "",
      sample: 'window.__pwned = "inline"',
      sourceFile: "https://shop.cm/search?q=iphone",
      statusCode: 200,
    },
  },
];

/** What Firefox sends through `report-uri` for the same. */
const reportUri = {
  "csp-report": {
    "blocked-uri": "inline",
    "column-number": 9,
    "document-uri": "https://shop.cm/reset-password?token=secret",
    "effective-directive": "script-src-elem",
    "line-number": 3,
    "original-policy": "script-src 'nonce-abc' 'strict-dynamic'; report-uri /api/csp-report",
    referrer: "",
    "script-sample": 'window.__pwned = "inline"',
    "source-file": "https://shop.cm/reset-password?token=secret",
    "status-code": 200,
    "violated-directive": "script-src-elem",
  },
};

describe("CSP violation reports", () => {
  it("a Reporting API batch: 204 and one log line per violation, without the address's query", async () => {
    const twice = [
      ...reportingApiBatch,
      { ...reportingApiBatch[0], body: { ...reportingApiBatch[0]?.body, lineNumber: 4 } },
    ];
    const res = await post("application/reports+json", twice);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(violations()).toEqual([
      {
        page: "https://shop.cm/search",
        directive: "script-src-elem",
        blocked: "inline",
        source: "https://shop.cm/search",
        line: 3,
        column: 9,
        sample: 'window.__pwned = "inline"',
        disposition: "enforce",
      },
      expect.objectContaining({ line: 4 }),
    ]);
    expect(lines.find((line) => line.msg === "csp violation")?.level).toBe(40); // warn
  });

  it("a report-uri report: 204 and one line, the one-time link's token left out", async () => {
    const res = await post("application/csp-report", reportUri);
    expect(res.statusCode).toBe(204);
    expect(violations()).toEqual([
      expect.objectContaining({
        page: "https://shop.cm/reset-password",
        directive: "script-src-elem",
        blocked: "inline",
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain("secret");
  });

  it("other report types in a batch are skipped", async () => {
    const res = await post("application/reports+json", [
      { type: "deprecation", url: "https://shop.cm/", body: { id: "x", message: "y" } },
    ]);
    expect(res.statusCode).toBe(204);
    expect(violations()).toEqual([]);
  });

  it("long fields are cut", async () => {
    const long = `https://shop.cm/${"a".repeat(1000)}`;
    const res = await post("application/csp-report", {
      "csp-report": { ...reportUri["csp-report"], "document-uri": long, "script-sample": "x".repeat(1000) },
    });
    expect(res.statusCode).toBe(204);
    const [violation] = violations() as { page: string; sample: string }[];
    expect(violation?.page).toHaveLength(200);
    expect(violation?.sample).toHaveLength(200);
  });

  it.each([
    ["JSON that is not a report", "application/csp-report", { hello: "world" }],
    ["a report without its page", "application/csp-report", { "csp-report": { "blocked-uri": "inline" } }],
    ["a batch in the single report's type", "application/csp-report", reportingApiBatch],
    ["a single report in the batch's type", "application/reports+json", reportUri],
    ["an empty batch", "application/reports+json", []],
    [
      "a csp-violation without its directive",
      "application/reports+json",
      [{ type: "csp-violation", url: "https://shop.cm/", body: { documentURL: "https://shop.cm/" } }],
    ],
    [
      "a line number that is text",
      "application/csp-report",
      { "csp-report": { ...reportUri["csp-report"], "line-number": "3" } },
    ],
    ["broken JSON", "application/csp-report", '{"csp-report": {'],
  ])("malformed: %s is refused with 400 and logs nothing", async (_name, type, payload) => {
    const res = await post(type, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: true });
    expect(violations()).toEqual([]);
  });

  it("a batch of more than 50 reports is refused", async () => {
    const res = await post(
      "application/reports+json",
      Array.from({ length: 51 }, () => reportingApiBatch[0]),
    );
    expect(res.statusCode).toBe(400);
    expect(violations()).toEqual([]);
  });

  it("oversized: a body over 32 KB is refused with 413, in French", async () => {
    const res = await post("application/csp-report", {
      "csp-report": { ...reportUri["csp-report"], "original-policy": "x".repeat(33 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("La requête est trop volumineuse.");
    expect(violations()).toEqual([]);
  });

  it.each([["application/json"], ["text/plain"], ["application/x-www-form-urlencoded"]])(
    "any other content type (%s) is refused with 415",
    async (type) => {
      const res = await post(type, type.includes("form") ? "a=b" : JSON.stringify(reportUri));
      expect(res.statusCode).toBe(415);
      expect(violations()).toEqual([]);
    },
  );

  it("only POST", async () => {
    expect((await ctx.app.inject("/api/csp-report")).statusCode).toBe(404);
  });

  it("rate-limited per address: the 31st report in a minute is refused and not logged", async () => {
    for (let i = 0; i < 30; i++) {
      expect((await post("application/csp-report", reportUri, "10.9.9.9")).statusCode).toBe(204);
    }
    const refused = await post("application/csp-report", reportUri, "10.9.9.9");
    expect(refused.statusCode).toBe(429);
    expect(violations()).toHaveLength(30);
    // Another address is not held back.
    expect((await post("application/csp-report", reportUri)).statusCode).toBe(204);
  });
});
