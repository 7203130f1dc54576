import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Where the shop's files live (decision 031). Keys are paths:
 * - `uploads/…`: product photos (every size) and profile pictures, served to everyone;
 * - `order-files/…` (order forms' files) and `payment-files/…` (transfer screenshots): private,
 *   read only through the admins' routes.
 * In DATA_DIR by default (same layout as before); in an S3-compatible bucket when S3_BUCKET is
 * set, so that every app server reads what any of them wrote.
 */
export interface FileStorage {
  readonly kind: "local" | "s3";
  /** Writes a whole file under a new key (keys are random: nothing is ever overwritten). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file as a stream with its size; null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes files; keys that do not exist are ignored. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every key under `prefix` (the copy and backup commands). */
  list(prefix: string): AsyncIterable<string>;
  close(): Promise<void>;
}

export interface StoredFile {
  body: Readable;
  size: number;
  contentType?: string;
  etag?: string;
}

export type StorageConfig =
  | { kind: "local"; dir: string }
  | {
      kind: "s3";
      bucket: string;
      region: string;
      endpoint?: string;
      forcePathStyle: boolean;
      credentials?: { accessKeyId: string; secretAccessKey: string };
      /** Base URL serving the bucket's `uploads/` keys (a CDN); null: served through the app. */
      publicUrl: string | null;
    };

/** Every kind of file the shop keeps, by the prefix of its keys. */
export const FILE_PREFIXES = ["uploads/", "order-files/", "payment-files/", "audit/"] as const;

/** Only plain relative paths: letters, digits, `-`, `_`, `.` and `/`, never `..` or a leading `/`. */
const KEY = /^(?!.*\.\.)[\w-][\w./-]*$/;

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.length > 512) throw new Error(`Invalid storage key: ${key}`);
}

/** A stored public path (`/uploads/…`) as its storage key; null for anything else. */
export function uploadKey(url: string): string | null {
  if (!url.startsWith("/uploads/")) return null;
  const key = url.slice(1);
  return KEY.test(key) ? key : null;
}

const TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  avif: "image/avif",
  heic: "image/heic",
  heif: "image/heif",
  pdf: "application/pdf",
};

/** The type of a stored file, from its extension (every file was judged by its content when stored). */
export const typeOfKey = (key: string) =>
  TYPES[key.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";

/**
 * Copies every file of `from` into `to` (DATA_DIR into a bucket, or back), keys unchanged.
 * Files already there are written again with the same bytes: the copy can be run twice.
 */
export async function copyFiles(
  from: FileStorage,
  to: FileStorage,
  progress?: (copied: number, key: string) => void,
): Promise<number> {
  let copied = 0;
  for (const prefix of FILE_PREFIXES) {
    for await (const key of from.list(prefix)) {
      const file = await from.get(key);
      if (!file) continue;
      await to.put(key, Buffer.concat(await file.body.toArray()), file.contentType ?? typeOfKey(key));
      progress?.(++copied, key);
    }
  }
  return copied;
}

const isPrivate = (key: string) => !key.startsWith("uploads/");

/** Files under DATA_DIR: each written to a temporary name, then renamed (never half a file). */
export class LocalStorage implements FileStorage {
  readonly kind = "local" as const;
  readonly root: string;
  constructor(root: string) {
    this.root = root;
  }

  private file(key: string): string {
    assertKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Buffer, _contentType?: string): Promise<void> {
    const file = this.file(key);
    const secret = isPrivate(key);
    await mkdir(path.dirname(file), { recursive: true, mode: secret ? 0o700 : 0o755 });
    const tmp = `${file}.tmp-${randomUUID()}`;
    try {
      await writeFile(tmp, bytes, { flag: "wx", mode: secret ? 0o600 : 0o644 });
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.file(key);
    const size = await stat(file).then(
      (s) => (s.isFile() ? s.size : null),
      () => null,
    );
    return size === null ? null : { body: createReadStream(file), size };
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.file(key), { force: true })));
  }

  async *list(prefix: string): AsyncIterable<string> {
    const base = path.join(this.root, prefix);
    const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.includes(".tmp-")) continue;
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
      if (KEY.test(key)) yield key;
    }
  }

  async close(): Promise<void> {}
}
