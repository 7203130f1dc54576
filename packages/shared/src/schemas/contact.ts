import { z } from "zod";
import { FIELD_MSG } from "../messages.ts";
import { email } from "./users.ts";

/**
 * The contact page's form (SPEC.md §3): every field is kept by the shop. Each check names its
 * own message: a schema-level `error` would otherwise also answer a too-long text.
 */
export const contactInput = z.strictObject({
  name: z
    .string({ error: FIELD_MSG.nameRequired })
    .trim()
    .min(1, FIELD_MSG.nameRequired)
    .max(100, FIELD_MSG.contactNameTooLong),
  email,
  subject: z
    .string({ error: FIELD_MSG.subjectRequired })
    .trim()
    .min(1, FIELD_MSG.subjectRequired)
    .max(150, FIELD_MSG.subjectTooLong),
  message: z
    .string({ error: FIELD_MSG.messageRequired })
    .trim()
    .min(1, FIELD_MSG.messageRequired)
    .max(5000, FIELD_MSG.messageTooLong),
});
export type ContactInput = z.infer<typeof contactInput>;
