import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertKey, type FileStorage, type StorageConfig, type StoredFile } from "./storage.ts";

type S3Config = Extract<StorageConfig, { kind: "s3" }>;

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Files in an S3-compatible bucket through the official AWS SDK (decision 031): AWS S3,
 * Cloudflare R2, Backblaze B2, MinIO, Garage… Public files get a year's cache headers (a new
 * upload always has a new key); private ones are never cached.
 */
export class S3Storage implements FileStorage {
  readonly kind = "s3" as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums only where the API requires them: several S3-compatible servers refuse the
      // SDK's newer default trailers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentType,
        CacheControl: key.startsWith("uploads/") ? `public, max-age=${YEAR_SECONDS}, immutable` : "private, no-store",
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    assertKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!answer.Body) return null;
      return {
        body: answer.Body as Readable,
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType,
        etag: answer.ETag,
      };
    } catch (error) {
      if (
        error instanceof S3ServiceException &&
        (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404)
      ) {
        return null;
      }
      throw error;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    // One call per key: DeleteObjects needs a checksum header not every compatible server reads,
    // and a removal here is a few files (an upload undone, a photo's sizes).
    for (const key of keys) assertKey(key);
    await Promise.all(keys.map((Key) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }))));
  }

  async *list(prefix: string): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) yield item.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
