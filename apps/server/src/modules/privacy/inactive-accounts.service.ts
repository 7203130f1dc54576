import { and, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/users.ts";
import { AppError } from "../../lib/errors.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { eraseAccount } from "./erasure.service.ts";
import { retentionSettings } from "./retention.service.ts";

/** Days between the warning and the erasure: time to sign in once and keep the account. */
export const INACTIVE_NOTICE_DAYS = 30;
const DAY_MS = 86_400_000;

export interface InactiveReport {
  warned: number;
  erased: number;
  /** Still owed a delivery or a payment: kept, tried again the next day. */
  kept: number;
}

/**
 * Customers' accounts unused for `inactiveAccountsYears` (decision 041): warned by e-mail, then
 * erased `INACTIVE_NOTICE_DAYS` later unless used meanwhile (a use clears the warning). Staff
 * accounts are never erased for disuse: the shop names its admins itself. Idempotent: a warned
 * account is not warned again, an erased one is gone.
 */
export async function handleInactiveAccounts(
  db: Db,
  files: FileStorage,
  mail: { mailer: Mailer | null; shopName: string; publicUrl: string | null },
  now = new Date(),
): Promise<InactiveReport> {
  const { inactiveAccountsYears } = await retentionSettings(db);
  const unusedSince = new Date(now.getTime() - inactiveAccountsYears * 365.25 * DAY_MS).toISOString();
  const report: InactiveReport = { warned: 0, erased: 0, kept: 0 };

  const toErase = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, "GENERAL"),
        isNotNull(users.inactivityWarnedAt),
        lt(
          users.inactivityWarnedAt,
          sql`${new Date(now.getTime() - INACTIVE_NOTICE_DAYS * DAY_MS).toISOString()}::timestamptz`,
        ),
        lt(users.lastActiveAt, sql`${unusedSince}::timestamptz`),
      ),
    );
  for (const { id } of toErase) {
    try {
      await eraseAccount(db, files, null, id);
      report.erased++;
    } catch (err) {
      // An order still open or being paid: the account stays until it is closed.
      if (err instanceof AppError && err.statusCode === 409) report.kept++;
      else throw err;
    }
  }

  // Marked first, then told: a crash between the two loses one e-mail, never sends two.
  const warned = await db
    .update(users)
    .set({ inactivityWarnedAt: now })
    .where(
      and(
        eq(users.role, "GENERAL"),
        isNull(users.inactivityWarnedAt),
        lt(users.lastActiveAt, sql`${unusedSince}::timestamptz`),
      ),
    )
    .returning({ email: users.email, name: users.name });
  report.warned = warned.length;
  const erasedOn = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "Africa/Douala" }).format(
    new Date(now.getTime() + INACTIVE_NOTICE_DAYS * DAY_MS),
  );
  for (const person of warned) {
    await mail.mailer
      ?.send({
        to: person.email,
        subject: `${mail.shopName} : votre compte sera supprimé le ${erasedOn}`,
        text: [
          `Bonjour ${person.name},`,
          "",
          `Vous n'avez pas utilisé votre compte ${mail.shopName} depuis ${inactiveAccountsYears} ans. Comme nous ne gardons pas vos données plus longtemps que nécessaire, il sera supprimé le ${erasedOn}, avec votre panier et vos appareils ; vos commandes passées ne garderont ni votre nom, ni votre numéro, ni votre adresse.`,
          "",
          `Pour le garder, connectez-vous simplement avant cette date${mail.publicUrl ? ` : ${mail.publicUrl}/login` : "."}`,
        ].join("\n"),
      })
      .catch(() => {
        // A refused e-mail does not stop the others; the erasure still waits its 30 days.
      });
  }
  return report;
}
