import { hkdfSync } from "node:crypto";
import type { StaffSecondFactorMode } from "@shop/shared";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { type Sealer, sealer } from "../../lib/sealed.ts";
import { type RelyingParty, relyingParty } from "./relying-party.ts";

/** What the second factors' services need, made once per app from its configuration. */
export interface FactorsContext {
  db: Db;
  /** null: this shop's address cannot hold passkeys (an IP address); codes still work. */
  rp: RelyingParty | null;
  /** The name authenticator apps show beside the code. */
  issuer: string;
  /** `STAFF_SECOND_FACTOR`, until a SUPERADMIN chooses. */
  fallbackMode: StaffSecondFactorMode;
  /** The authenticator apps' secrets, as the database keeps them. */
  totpSecrets: Sealer;
  /** A secret on its way to being confirmed, handed to the browser for 10 minutes. */
  setupTokens: Sealer;
  /** Signs the sign-in's tickets: not the sessions' key, so a ticket is never a session. */
  ticketKey: Uint8Array;
}

export function factorsContext(db: Db, config: Config): FactorsContext {
  const secret = config.token.secret;
  return {
    db,
    rp: relyingParty(config.publicUrl, config.port, config.shop.name),
    issuer: config.shop.name,
    fallbackMode: config.staffSecondFactor,
    totpSecrets: sealer(secret, "totp-secret"),
    setupTokens: sealer(secret, "totp-setup"),
    ticketKey: new Uint8Array(hkdfSync("sha256", secret, "", "shop:second-factor-ticket", 32)),
  };
}
