import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The audit log (decision 038): one line per change made through an admin call, written in the
 * change's own transaction. Append-only: the triggers of migration 0018 refuse an update, a
 * delete or a truncation, and chain each line to the one before (`previous_hash`, `hash`, both
 * computed by the database under a lock, in the order of `id`), so that a line changed or
 * removed behind the application's back is found by `verifyLog`. No foreign keys: a line
 * outlives the user, product or order it names.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Who: the signed-in user, their role then, and the session they acted in. */
    actorId: uuid("actor_id"),
    actorRole: text("actor_role"),
    sessionId: uuid("session_id"),
    /** From where: the request's address, as the proxies of deploy/ pass it on. */
    address: text("address"),
    /** What: the kind of thing changed ("product", "order"…) and its id. */
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action").notNull(),
    /** Its fields before and after the change, without any password hash, token or secret. */
    before: jsonb("before"),
    after: jsonb("after"),
    /** Set by the database (migration 0018), whatever the insert says. */
    previousHash: text("previous_hash").notNull().default(""),
    hash: text("hash").notNull().default(""),
  },
  // The Journal's filters, each read newest first (decision 038): by entity and id, entity
  // alone, person, action, dates.
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.id),
    index("audit_log_entity_kind_idx").on(t.entity, t.id),
    index("audit_log_action_idx").on(t.action, t.id),
    index("audit_log_actor_idx").on(t.actorId, t.id),
    index("audit_log_at_idx").on(t.at),
  ],
);

export type AuditLine = typeof auditLog.$inferSelect;
