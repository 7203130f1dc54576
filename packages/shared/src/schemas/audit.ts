import { z } from "zod";
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntity } from "../audit.ts";
import * as FIELD_MSG from "../messages/fields.ts";
import { id } from "./common.ts";
import { role } from "./users.ts";

/**
 * The audit log as the back-office reads it (decision 038): what each line names, the
 * 'Journal' screen's filters, a line, the chain's verification and an entity's history.
 */

export const auditEntity = z.enum(Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]]);

export const auditAction = z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]], {
  error: FIELD_MSG.journalActionInvalid,
});

/** A day of the shop's calendar (Africa/Douala), as an `<input type="date">` sends it. */
const day = z.iso.date({ error: FIELD_MSG.journalDayInvalid });

/** Lines per page of the Journal; the export has no such limit. */
export const JOURNAL_PAGE_SIZE = 50;

const filterFields = z.object({
  actor: id.optional(),
  entity: auditEntity.optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  action: auditAction.optional(),
  from: day.optional(),
  to: day.optional(),
});
const daysInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const reversed = { message: FIELD_MSG.journalDaysReversed, path: ["to"] };

/** The Journal's filters, all optional: who, what kind of thing and which, what was done, which days. */
export const journalFilters = filterFields.refine(daysInOrder, reversed);
export type JournalFilters = z.infer<typeof journalFilters>;

/** The filters and a page: `before` pages back from a line's id. */
export const journalQuery = filterFields
  .extend({
    before: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(JOURNAL_PAGE_SIZE),
  })
  .refine(daysInOrder, reversed);
export type JournalQuery = z.infer<typeof journalQuery>;

/** One line: who (as they were then), when, from where, what, before and after. */
export const journalLine = z.object({
  _id: z.number().int(),
  at: z.string(),
  /** Null for a change no person made (the demo catalogue). */
  actor: z.object({ _id: id, name: z.string(), role }).nullable(),
  address: z.string().nullable(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type JournalLine = z.infer<typeof journalLine>;

/** A page of lines, newest first; `next` is the `before` of the page after, null at the end. */
export const journalPage = z.object({ lines: z.array(journalLine), next: z.number().int().nullable() });
export type JournalPage = z.infer<typeof journalPage>;

/** 'Journal intact', or the first line changed or removed behind the application's back. */
export const journalVerdict = z.object({
  intact: z.boolean(),
  lines: z.number().int(),
  firstBroken: z.number().int().nullable(),
  /**
   * The chain's head kept outside the database (decision 038), as the verification found it:
   * its line still there (`holds`), missing or changed (`broken`: the last lines removed
   * together), or the file itself changed (`forged`); null before the first one is kept.
   */
  checkpoint: z
    .object({
      state: z.enum(["holds", "broken", "forged"]),
      line: z.number().int().nullable(),
      at: z.string().nullable(),
    })
    .nullable(),
});
export type JournalVerdict = z.infer<typeof journalVerdict>;

/** A product's or an order's own history, in the back-office. */
export const historyParams = z.object({
  entity: z.enum(["product", "order"]),
  id: z.string().trim().min(1).max(100),
});
