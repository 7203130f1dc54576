import { BlockList, isIPv4, isIPv6 } from "node:net";
import type { Device } from "@shop/shared";
import { UAParser } from "ua-parser-js";
import type { DeviceRow } from "./devices.service.ts";

/**
 * "Chrome sur Android (Samsung SM-A155F)": the browser, the system and, when the user agent
 * says it, the phone, from ua-parser-js (decision 039). "Appareil inconnu" for a client that
 * sends nothing readable (the original shop's, a script).
 */
export function deviceName(userAgent: string): string {
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const phone = [device.vendor, device.model].filter(Boolean).join(" ");
  const what = browser.name && os.name ? `${browser.name} sur ${os.name}` : (browser.name ?? os.name);
  if (!what) return "Appareil inconnu";
  return phone ? `${what} (${phone})` : what;
}

// The address classes of RFC 6890 a shop's visitor can come from; nothing is looked up outside.
const local = new BlockList();
local.addSubnet("127.0.0.0", 8, "ipv4");
local.addAddress("::1", "ipv6");
const privateNetworks = new BlockList();
for (const [net, prefix] of [
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["169.254.0.0", 16],
] as const)
  privateNetworks.addSubnet(net, prefix, "ipv4");
privateNetworks.addSubnet("fc00::", 7, "ipv6");
privateNetworks.addSubnet("fe80::", 10, "ipv6");
const carrierNat = new BlockList();
carrierNat.addSubnet("100.64.0.0", 10, "ipv4");

/** The address with its end hidden: enough to tell two networks apart, not to find a person. */
function masked(address: string): string {
  if (isIPv4(address)) return `${address.split(".").slice(0, 2).join(".")}.x.x`;
  return `${address.split(":").slice(0, 2).join(":")}:…`;
}

/**
 * Where a session was opened, as near as its address's class tells without any outside
 * geolocation service: this server, a local network, an operator's shared addresses (mobile
 * data), or the Internet with the address's start.
 */
export function placeOf(address: string | null): string {
  if (!address) return "Lieu inconnu";
  const v4mapped = address.startsWith("::ffff:") && isIPv4(address.slice(7)) ? address.slice(7) : address;
  const family = isIPv4(v4mapped) ? "ipv4" : isIPv6(v4mapped) ? "ipv6" : null;
  if (!family) return "Lieu inconnu";
  if (local.check(v4mapped, family)) return "Ce serveur";
  if (privateNetworks.check(v4mapped, family)) return "Réseau local";
  if (carrierNat.check(v4mapped, family)) return "Données mobiles (adresse partagée de l'opérateur)";
  return `Internet (${masked(v4mapped)})`;
}

/** How a session was opened, in the words 'Mes appareils' shows (decision 040). */
export const OPENED_WITH_WORDS: Record<string, string> = {
  password: "Mot de passe",
  "password+totp": "Mot de passe et code de l'application",
  "password+passkey": "Mot de passe et clé d'accès",
  "password+recovery": "Mot de passe et code de récupération",
  passkey: "Clé d'accès",
};

export function toApiDevice(row: DeviceRow, currentSessionId: string | null): Device {
  return {
    _id: row.id,
    device: deviceName(row.userAgent),
    place: placeOf(row.address),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.id === currentSessionId,
    openedWith: OPENED_WITH_WORDS[row.openedWith] ?? "Mot de passe",
  };
}
