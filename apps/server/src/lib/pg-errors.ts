/** PostgreSQL's codes for the rules the database itself keeps. */
export const UNIQUE_VIOLATION = "23505";
export const CHECK_VIOLATION = "23514";
export const FOREIGN_KEY_VIOLATION = "23503";

interface PgFields {
  code?: string;
  constraint?: string;
}

/**
 * Whether a write failed on one of the database's own rules (and, when named, that
 * constraint): the fields sit on the driver's error, or on its cause once drizzle wraps it.
 */
export function violates(error: unknown, code: string, constraint?: string): boolean {
  const e = error as (PgFields & { cause?: PgFields }) | null | undefined;
  const fields = e?.cause?.code ? e.cause : e;
  return fields?.code === code && (constraint === undefined || fields.constraint === constraint);
}
