import { ADMIN_ROLES, type Role, type StaffSecondFactorMode } from "@shop/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { appSettings } from "../../db/schema/app-settings.ts";
import { recordUpdate, type Staff } from "../audit/audit.service.ts";

const KEY = "staff_second_factor";

/**
 * Whether the staff must sign in with a second factor (decision 040): the SUPERADMIN's choice
 * in the back-office, else `STAFF_SECOND_FACTOR`'s default. Read from the database at each
 * use, so that a change applies at once on every app server; only the staff's sessions
 * opened with a password alone ask.
 */
export async function staffSecondFactorMode(db: Db, fallback: StaffSecondFactorMode): Promise<StaffSecondFactorMode> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  return row?.value === "required" || row?.value === "optional" ? row.value : fallback;
}

export const isStaff = (role: Role) => (ADMIN_ROLES as readonly Role[]).includes(role);

/** Whether an account of this role must hold a second factor right now. */
export async function secondFactorRequiredOf(db: Db, role: Role, fallback: StaffSecondFactorMode): Promise<boolean> {
  return isStaff(role) && (await staffSecondFactorMode(db, fallback)) === "required";
}

/** A SUPERADMIN's choice (the route checks the role), recorded in the audit log with the change. */
export async function setStaffSecondFactorMode(
  db: Db,
  staff: Staff,
  mode: StaffSecondFactorMode,
  fallback: StaffSecondFactorMode,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [was] = await tx.select().from(appSettings).where(eq(appSettings.key, KEY)).for("update");
    const before = { mode: was?.value ?? fallback };
    // A form sent back unchanged changes nothing and leaves no line.
    if (before.mode === mode) return;
    await tx
      .insert(appSettings)
      .values({ key: KEY, value: mode })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: mode } });
    await recordUpdate(tx, staff, {
      entity: "setting",
      entityId: "staff-second-factor",
      action: "update",
      before,
      after: { mode },
      keys: ["mode"],
    });
  });
}
