import { MSG } from "@shop/shared";
import type { UserRow } from "../../db/schema/users.ts";
import { forbidden } from "../../lib/errors.ts";

/**
 * Who may change a product, its variants and its stock (SPEC.md §6): a SUPERADMIN any, an
 * ADMIN only its own. The refusal names the act.
 */
export function assertManagesProduct(
  actor: Pick<UserRow, "id" | "role">,
  ownerId: string | null,
  act: "update" | "delete" = "update",
): void {
  if (actor.role !== "SUPERADMIN" && ownerId !== actor.id) {
    throw forbidden(act === "delete" ? MSG.productNotOwnedDelete : MSG.productNotOwned);
  }
}
