import { z } from "zod";

export const uploadedImage = z.object({
  /** The URL stored in a product's productImage (detail width). */
  url: z.string(),
  /** Every stored width, narrowest first. */
  sizes: z.array(z.object({ width: z.number(), url: z.string() })),
});
export type UploadedImage = z.infer<typeof uploadedImage>;
