/**
 * `npm run files:copy-to-s3`: copies the files kept in DATA_DIR (product photos, profile
 * pictures, order forms' files, transfer screenshots) into the bucket the S3_ settings name,
 * keys unchanged, so that a shop moving to several app servers keeps every file (decision
 * 031). Run it once before starting the servers with the S3_ settings; it can be run again.
 */
import { ConfigError, loadConfig } from "./config.ts";
import { copyFiles, LocalStorage } from "./lib/storage.ts";
import { openStorage } from "./plugins/files.ts";

try {
  const config = loadConfig();
  if (config.storage.kind !== "s3") throw new ConfigError("Set S3_BUCKET (and the other S3_ settings) first.");
  const target = await openStorage(config.storage);
  try {
    const copied = await copyFiles(new LocalStorage(config.dataDir), target, (count, key) => {
      if (count % 100 === 0) console.log(`${count} files copied (last: ${key})`);
    });
    console.log(`${copied} files copied from ${config.dataDir} to the bucket ${config.storage.bucket}.`);
  } finally {
    await target.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
