import { z } from "zod";

/** The shop's identity, configured once on the server and shown by every screen. */
export const shopIdentity = z.object({
  name: z.string(),
  phone: z.string(),
  whatsapp: z.string(),
  email: z.string(),
  address: z.string(),
  social: z.object({
    facebook: z.string().optional(),
    instagram: z.string().optional(),
    tiktok: z.string().optional(),
  }),
  /** A forgotten password can be reset by e-mail (SMTP is configured; decision 032). */
  passwordResetByEmail: z.boolean().optional(),
});
export type ShopIdentity = z.infer<typeof shopIdentity>;
