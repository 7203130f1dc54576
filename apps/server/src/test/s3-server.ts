/// <reference path="../types/s3rver.d.ts" />
/**
 * An S3-compatible server for the tests, started in-process: s3rver (from the npm registry),
 * which answers the S3 REST calls the shop makes (put, get, head, delete, list v2) on a
 * temporary folder, checks request signatures, and keeps nothing after `close()`.
 * Also runnable on its own for the several-servers environment (see the end of the file).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's own account. */
export const S3_TEST_KEY = { id: "S3RVER", secret: "S3RVER" };

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The settings a shop uses to keep its files in this server's bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestS3(
  options: { port?: number; bucket?: string; directory?: string } = {},
): Promise<TestS3> {
  const bucket = options.bucket ?? "shop-files";
  const directory = options.directory ?? (await mkdtemp(path.join(tmpdir(), "shop-s3-")));
  const server = new S3rver({
    address: "127.0.0.1",
    port: options.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    // Path-style addresses (127.0.0.1:port/bucket/key), as the shop sends with S3_ENDPOINT.
    vhostBuckets: false,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: S3_TEST_KEY.id,
      S3_SECRET_ACCESS_KEY: S3_TEST_KEY.secret,
    },
    async close() {
      await server.close();
      if (!options.directory) await rm(directory, { recursive: true, force: true });
    },
  };
}

// `node apps/server/src/test/s3-server.ts <port> <directory> [bucket]`: for the environment
// with several app servers (e2e/cluster), which runs it as a process of its own.
if (import.meta.main) {
  const [port, directory, bucket] = process.argv.slice(2);
  const s3 = await startTestS3({ port: Number(port), directory, bucket });
  console.log(`S3 test server on ${s3.endpoint}, bucket ${s3.bucket}`);
  const stop = () => s3.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
