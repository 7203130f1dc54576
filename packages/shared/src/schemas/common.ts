import { z } from "zod";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "../constants.ts";
import { FIELD_MSG } from "../messages.ts";

/** The envelope of every answer: clients of the original shop read exactly these four fields. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    error: z.boolean(),
    message: z.string(),
    data,
  });
}

export const errorEnvelope = z.object({
  success: z.literal(false),
  error: z.literal(true),
  message: z.string(),
  data: z.null(),
  /** Present on validation failures: which field, and what is wrong with it, in French. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** What a client may act on beside the message ("second-factor-needed", "second-factor-setup"; decision 040). */
  code: z.string().optional(),
  /** With "second-factor-needed": the ticket and methods of the sign-in's second step. */
  secondFactor: z.object({ ticket: z.string(), methods: z.array(z.string()) }).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const id = z.uuid({ error: FIELD_MSG.idInvalid });

/** Paging on list endpoints, read from the query string so old clients' bodies stay as they were. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const pageMeta = z.object({ page: z.number(), limit: z.number(), total: z.number() });
export type PageMeta = z.infer<typeof pageMeta>;

export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return envelope(z.array(item)).extend({ meta: pageMeta });
}

/**
 * A whole number of francs above zero. Forms of the original shop send numeric strings
 * ("250000"), so digit-only strings are accepted; anything else (booleans, "12abc", 1.5) is not.
 */
export const francs = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,10}$/, FIELD_MSG.priceInvalid)
        .transform(Number),
    ],
    {
      error: FIELD_MSG.priceInvalid,
    },
  )
  .pipe(
    z
      .number({ error: FIELD_MSG.priceInvalid })
      .int(FIELD_MSG.priceInvalid)
      .positive(FIELD_MSG.priceInvalid)
      .max(1_000_000_000, FIELD_MSG.priceInvalid),
  );

export const isoDate = z.string();
