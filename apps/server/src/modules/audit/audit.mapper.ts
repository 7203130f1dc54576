import { AUDIT_ACTIONS, AUDIT_ENTITIES, type JournalLine, type Role } from "@shop/shared";
import type { JournalRow } from "./journal.service.ts";

/** A person whose account is gone since keeps their lines, under this name. */
const GONE = "Compte supprimé";

export function toApiJournalLine({ line, actorName }: JournalRow): JournalLine {
  return {
    _id: line.id,
    at: line.at.toISOString(),
    actor: line.actorId
      ? { _id: line.actorId, name: actorName ?? GONE, role: (line.actorRole ?? "ADMIN") as Role }
      : null,
    address: line.address,
    entity: line.entity,
    entityId: line.entityId,
    action: line.action,
    before: line.before,
    after: line.after,
  };
}

/** The export's columns, in the owner's language. */
export const JOURNAL_CSV_HEADER = [
  "Ligne",
  "Date (UTC)",
  "Personne",
  "Rôle",
  "Adresse",
  "Objet",
  "Identifiant",
  "Action",
  "Avant",
  "Après",
];

/** One line of the export, as the columns above. */
export function toJournalCsvRow({ line, actorName }: JournalRow): string[] {
  const word = <T extends Record<string, string>>(words: T, key: string) =>
    (words as Record<string, string>)[key] ?? key;
  return [
    String(line.id),
    line.at.toISOString(),
    line.actorId ? (actorName ?? GONE) : "Catalogue de démonstration",
    line.actorRole ?? "",
    line.address ?? "",
    word(AUDIT_ENTITIES, line.entity),
    line.entityId,
    word(AUDIT_ACTIONS, line.action),
    line.before === null ? "" : JSON.stringify(line.before),
    line.after === null ? "" : JSON.stringify(line.after),
  ];
}

/**
 * One CSV record (RFC 4180, ";" as French spreadsheets expect). A field a spreadsheet would
 * read as a formula (=, +, -, @ first) is kept as text with a leading quote: a product name
 * typed by an admin must not run in the owner's spreadsheet (OWASP, CSV injection).
 */
export function csvRecord(fields: readonly string[]): string {
  return `${fields
    .map((field) => {
      const safe = /^[=+\-@\t\r]/.test(field) ? `'${field}` : field;
      return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
    })
    .join(";")}\r\n`;
}
