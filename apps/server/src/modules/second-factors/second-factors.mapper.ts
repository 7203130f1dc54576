import type { SecondFactor } from "@shop/shared";
import type { SecondFactorRow } from "../../db/schema/second-factors.ts";

/** A factor as its owner (or a SUPERADMIN) sees it: never its key, secret or counter. */
export function toApiFactor(
  row: Pick<SecondFactorRow, "id" | "kind" | "name" | "createdAt" | "lastUsedAt">,
): SecondFactor {
  return {
    _id: row.id,
    kind: row.kind,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** What the audit log keeps of a factor: its kind and name. */
export const auditedFactor = (row: Pick<SecondFactorRow, "id" | "kind" | "name">) => ({
  factorId: row.id,
  kind: row.kind,
  name: row.name,
});
