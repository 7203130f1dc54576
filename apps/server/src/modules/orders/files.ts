import { randomUUID } from "node:crypto";
import path from "node:path";
import { MSG, ORDER_FILE_MAX_BYTES, ORDER_FILE_TYPES, type OrderFormInput, orderFormInput } from "@shop/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import { badRequest, payloadTooLarge } from "../../lib/errors.ts";
import type { FileStorage, StoredFile } from "../../lib/storage.ts";

/** The order form's file once its content has been judged: what it really is, not what it claims. */
export interface OrderFile {
  bytes: Buffer;
  /** The customer's own name for it, made safe to show and to offer as a download name. */
  name: string;
  mime: (typeof ORDER_FILE_TYPES)[number];
  ext: string;
}

const MAX_NAME = 120;

/**
 * A multipart body's text fields and its one file part named `fileField` (its bytes, or null
 * when none was chosen: browsers send an empty, nameless part), read in whatever order they
 * come. A file over ORDER_FILE_MAX_BYTES stops the reading at once with 413; a file under
 * another name counts as an unknown field, so the strict schema names it.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileField: string,
): Promise<{ fields: Record<string, unknown>; received: { bytes: Buffer; filename: string } | null }> {
  const fields: Record<string, unknown> = {};
  let received: { bytes: Buffer; filename: string } | null = null;
  for await (const part of request.parts({ limits: { fileSize: ORDER_FILE_MAX_BYTES } })) {
    if (part.type === "field") {
      // A file field sent as text (no filename at all) is no file.
      if (part.fieldname !== fileField) fields[part.fieldname] = part.value;
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw payloadTooLarge(MSG.orderFileTooLarge);
      throw error;
    }
    if (part.fieldname === fileField) received = bytes.length > 0 ? { bytes, filename: part.filename } : null;
    else fields[part.fieldname] = part.filename;
  }
  return { fields, received };
}

/**
 * The form's text fields and its `file`, read from every part (they may come in any order),
 * then validated together, so the customer reads every mistake at once: `issues` carry
 * "body.<field>" paths like the JSON routes' validation errors. A file over
 * ORDER_FILE_MAX_BYTES stops the reading at once with 413.
 */
export async function readOrderForm(request: FastifyRequest): Promise<{ input: OrderFormInput; file: OrderFile }> {
  const { fields, received } = await readMultipart(request, "file");

  const issues: { path: string; message: string }[] = [];
  const parsed = orderFormInput.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      issues.push({ path: ["body", ...issue.path.map(String)].join("."), message: issue.message });
    }
  }
  const file = received ? await judge(received.bytes, received.filename) : null;
  if (!received) issues.push({ path: "body.file", message: MSG.orderFileMissing });
  else if (!file) issues.push({ path: "body.file", message: MSG.orderFileInvalid });

  if (!parsed.success || !file) throw badRequest(issues[0]?.message ?? MSG.invalidInput, issues);
  return { input: parsed.data, file };
}

/** The type read from the bytes themselves; the declared type and the file name are ignored. */
export async function judge(bytes: Buffer, filename: string): Promise<OrderFile | null> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(ORDER_FILE_TYPES as readonly string[]).includes(type.mime)) return null;
  return {
    bytes,
    name: safeFileName(filename, type.ext),
    mime: type.mime as OrderFile["mime"],
    ext: type.ext,
  };
}

/**
 * The customer's file name without any folder, control or path character, at most 120
 * characters (the extension kept), or "commande.<ext>" when nothing is left.
 */
export function safeFileName(original: string, ext: string): string {
  const base = (original.split(/[/\\]/).pop() ?? "")
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f"<>:|?*]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  if (!base) return `commande.${ext}`;
  const chars = Array.from(base);
  if (chars.length <= MAX_NAME) return base;
  const extension = path.extname(base);
  const keep = extension.length > 0 && extension.length <= 10 ? extension : "";
  return chars.slice(0, MAX_NAME - keep.length).join("") + keep;
}

/** Writes the file under a new random name among the private files; answers that name. */
export async function storeOrderFile(files: FileStorage, file: OrderFile): Promise<string> {
  const name = `${randomUUID()}.${file.ext}`;
  await files.put(orderFileKey(name), file.bytes, file.mime);
  return name;
}

/** Where a stored name lives; a name is never a path, whatever the database holds. */
export const orderFileKey = (storedName: string) => `order-files/${path.basename(storedName)}`;

export async function removeOrderFile(files: FileStorage, storedName: string): Promise<void> {
  await files.remove([orderFileKey(storedName)]);
}

/**
 * Types a browser shows in its tab by itself (the admin taps the file and reads it); the
 * others (HEIC) are downloaded. The type is the one detected from the bytes, sent with
 * `nosniff`, so a file cannot pass for another kind.
 */
const SHOWN_INLINE: readonly string[] = ["image/jpeg", "image/png", "image/webp", "application/pdf"];

/**
 * `inline` for a type the browser shows, else `attachment`, with the name twice: RFC 6266's
 * ASCII `filename` for old clients and the UTF-8 `filename*` (RFC 8187) that keeps
 * "reçu-orange-money.pdf" as the customer named it (and as it is saved).
 */
export function contentDisposition(name: string, type = "application/octet-stream"): string {
  const ascii = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const disposition = SHOWN_INLINE.includes(type) ? "inline" : "attachment";
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Sends a private file to an admin: shown in the tab when the browser can, never cached. */
export function sendPrivateFile(reply: FastifyReply, stored: StoredFile, name: string, type: string) {
  return reply
    .type(type)
    .headers({
      "content-length": stored.size,
      "content-disposition": contentDisposition(name, type),
      "cache-control": "private, no-store",
    })
    .send(stored.body);
}
