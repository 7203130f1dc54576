import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { MSG } from "@shop/shared/core";
import { startAuthentication } from "@simplewebauthn/browser";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api";
import { ok, refused, stubApi } from "../../test/api";
import { askPasskey, PasskeyNotUsed, supportsPasskeys } from "./passkey";
import { PASSKEY_ASSERTION, PASSKEY_OPTIONS } from "./second-factor.testing";

vi.mock("@simplewebauthn/browser", () => ({ startAuthentication: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(startAuthentication).mockReset();
});

describe("supportsPasskeys", () => {
  it("is whether the browser has WebAuthn", () => {
    expect(supportsPasskeys()).toBe(false);
    vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {});
    expect(supportsPasskeys()).toBe(true);
  });
});

describe("askPasskey", () => {
  it("hands the shop's options to the browser and answers its assertion", async () => {
    stubApi({ "POST /api/signin/passkey-options": ok("", PASSKEY_OPTIONS) });
    vi.mocked(startAuthentication).mockResolvedValue(PASSKEY_ASSERTION as never);
    expect(await askPasskey("t")).toEqual(PASSKEY_ASSERTION);
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: PASSKEY_OPTIONS });
  });

  it("lets the shop's refusal through as the API's, and the browser's as PasskeyNotUsed", async () => {
    stubApi({ "POST /api/signin/passkey-options": refused(401, MSG.secondFactorTicketInvalid) });
    const refusal = await askPasskey("expiré").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(startAuthentication).not.toHaveBeenCalled();

    stubApi({ "POST /api/signin/passkey-options": ok("", PASSKEY_OPTIONS) });
    vi.mocked(startAuthentication).mockRejectedValue(new DOMException("annulé", "NotAllowedError"));
    expect(await askPasskey().catch((error: unknown) => error)).toBeInstanceOf(PasskeyNotUsed);
  });
});

/**
 * The WebAuthn library is fetched when a passkey button is used, never with the sign-in page
 * (docs/performance.md's budget): the sign-in's code names it only in `import type` and `import()`.
 */
describe("the sign-in's scripts", () => {
  const app = path.resolve(import.meta.dirname, "../..");
  const files = [
    ...readdirSync(import.meta.dirname)
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((name) => path.join(import.meta.dirname, name)),
    path.join(app, "routes/login.tsx"),
    path.join(app, "lib/api.ts"),
  ];

  it("import @simplewebauthn/browser lazily or for its types only", () => {
    const eager: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+["']@simplewebauthn\/browser["']/gms)) {
        if (!match[1]) eager.push(`${path.relative(app, file)}: ${match[0]}`);
      }
    }
    expect(eager).toEqual([]);
    expect(readFileSync(path.join(import.meta.dirname, "passkey.ts"), "utf8")).toContain(
      'import("@simplewebauthn/browser")',
    );
  });
});
