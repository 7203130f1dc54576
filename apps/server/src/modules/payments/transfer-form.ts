import { MSG, type TransferDeclarationInput, transferDeclarationInput } from "@shop/shared";
import type { FastifyRequest } from "fastify";
import { badRequest } from "../../lib/errors.ts";
import { judge, type OrderFile, readMultipart } from "../orders/files.ts";

/**
 * "J'ai déjà payé par transfert" as multipart: fields operator, transactionId, contactPhone or
 * token, and an optional `screenshot` part (an image or PDF, judged by its bytes). Every mistake
 * is answered at once with "body.<field>" paths, like the JSON routes.
 */
export async function readTransferForm(
  request: FastifyRequest,
): Promise<{ input: TransferDeclarationInput; screenshot: OrderFile | null }> {
  const { fields, received } = await readMultipart(request, "screenshot");
  const issues: { path: string; message: string }[] = [];
  const parsed = transferDeclarationInput.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      issues.push({ path: ["body", ...issue.path.map(String)].join("."), message: issue.message });
    }
  }
  const screenshot = received ? await judge(received.bytes, received.filename) : null;
  if (received && !screenshot) issues.push({ path: "body.screenshot", message: MSG.orderFileInvalid });
  if (!parsed.success || (received && !screenshot)) throw badRequest(issues[0]?.message ?? MSG.invalidInput, issues);
  return { input: parsed.data, screenshot };
}
