/**
 * The relying party passkeys are bound to is the shop's PUBLIC_URL (decision 040): never the
 * Host header a client sends, the X-Forwarded-Host a proxy passes on, or the address an app
 * server listens on; so passkeys hold behind the proxies of deploy/ and a forged host gets none.
 */
import { MSG } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { createUser, tokenFor, useTestApp } from "../../test/harness.ts";
import { SoftwareAuthenticator } from "../../test/software-authenticator.ts";
import { relyingParty } from "./relying-party.ts";

const PUBLIC_URL = "https://boutique.example.cm";
const ctx = useTestApp({ env: { PUBLIC_URL, TRUST_PROXY: "127.0.0.1" } });

/** What a client behind the proxy may claim: another host, another scheme. */
const spoofed = {
  host: "boutique-piege.cm",
  "x-forwarded-host": "boutique-piege.cm",
  "x-forwarded-proto": "http",
};

describe("relyingParty", () => {
  it("is PUBLIC_URL's host and origin; a loopback address is served as localhost; another IP has none", () => {
    expect(relyingParty("https://boutique.example.cm/", 3000, "Boutique")).toEqual({
      id: "boutique.example.cm",
      origin: "https://boutique.example.cm",
      name: "Boutique",
    });
    expect(relyingParty("http://127.0.0.1:3280", 3000, "B")).toMatchObject({
      id: "localhost",
      origin: "http://localhost:3280",
    });
    expect(relyingParty(undefined, 4000, "B")).toMatchObject({ id: "localhost", origin: "http://localhost:4000" });
    expect(relyingParty("http://10.0.0.5:3000", 3000, "B")).toBeNull();
  });
});

describe("passkeys behind a proxy", () => {
  it("are made for PUBLIC_URL whatever host the request names; one made for the forged host is refused", async () => {
    const user = await createUser(ctx, "GENERAL");
    const token = await tokenFor(ctx, user);
    const key = new SoftwareAuthenticator();
    const add = async (origin: string, bend: Parameters<SoftwareAuthenticator["register"]>[2] = {}) => {
      const res = await ctx.call("POST", "/api/second-factors/passkey/options", { token, headers: spoofed });
      expect(res.statusCode, res.body).toBe(200);
      const options = res.json().data;
      expect(options.rp.id).toBe("boutique.example.cm");
      const added = await ctx.call("POST", "/api/second-factors/passkey", {
        token,
        headers: spoofed,
        payload: { name: "Mon Tecno", response: key.register(options, origin, bend) },
      });
      return [added.statusCode, added.json().message];
    };
    // Signed by a browser on the forged host: its origin and its relying party are not the shop's.
    expect(await add("https://boutique-piege.cm", { rpId: "boutique-piege.cm" })).toEqual([400, MSG.passkeyRefused]);
    expect(await add("http://boutique.example.cm")).toEqual([400, MSG.passkeyRefused]);
    // An app server's own address is not the shop's either.
    expect(await add(`http://127.0.0.1:${ctx.config.port}`)).toEqual([400, MSG.passkeyRefused]);
    const [status] = await add(PUBLIC_URL);
    expect(status).toBe(201);

    // Signing in: the options name PUBLIC_URL's host, and only an answer from its origin opens a session.
    const signIn = async (origin: string) => {
      const res = await ctx.call("POST", "/api/signin/passkey-options", { payload: {}, headers: spoofed });
      const options = res.json().data;
      expect(options.rpId).toBe("boutique.example.cm");
      const answer = await ctx.call("POST", "/api/signin/passkey", {
        headers: spoofed,
        payload: { response: key.assert(options, origin, { userVerified: true }) },
      });
      return [answer.statusCode, answer.json().message];
    };
    expect(await signIn("https://boutique-piege.cm")).toEqual([401, MSG.passkeyRefused]);
    expect(await signIn(PUBLIC_URL)).toEqual([200, MSG.signInSuccess]);
  });
});
