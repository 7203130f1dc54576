import { z } from "zod";
import { id } from "./common.ts";

/**
 * 'Mes appareils' (decision 039): the open sessions of an account, as their owner (or, for an
 * admin's account, a SUPERADMIN) sees them.
 */
export const device = z.object({
  _id: id,
  /** "Chrome sur Android (Samsung SM-A155F)", from the browser's user agent. */
  device: z.string(),
  /** Approximate, from the address's class: "Internet (41.202.x.x)", "Réseau local"… */
  place: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session of this very request. */
  current: z.boolean(),
  /** How it was opened: "Mot de passe", "Mot de passe et clé d'accès"… (decision 040). */
  openedWith: z.string(),
});
export type Device = z.infer<typeof device>;

export const deviceParams = z.object({ id });
export const staffDeviceParams = z.object({ userId: id, id });
export const staffDevicesParams = z.object({ userId: id });
