/**
 * `npm run db:backup [-- <archive.tar.gz>]`: the database and every file in one archive
 * (backups/shop-<date>.tar.gz by default, from where npm was run).
 * `npm run db:restore -- <archive.tar.gz> [--replace]`: puts it back into an empty shop, or
 * erases the shop first with --replace. See db/backup.ts and docs/deployment.md.
 */
import path from "node:path";
import { ConfigError, loadConfig } from "../config.ts";
import { BackupError, readBackup, writeBackup } from "./backup.ts";

const [command, ...args] = process.argv.slice(2);
const named = args.filter((a) => !a.startsWith("--"));
const from = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

try {
  const config = loadConfig();
  if (command === "backup") {
    const stamp = new Date().toISOString().replace(/[:T]/g, "-").replace(/\..*/, "");
    const file = from(named[0] ?? path.join("backups", `shop-${stamp}.tar.gz`));
    const manifest = await writeBackup(config, file);
    const { products, orders, users, files } = manifest.counts;
    console.log(`Backup written: ${file} (${products} products, ${orders} orders, ${users} users, ${files} files).`);
  } else if (command === "restore" && named[0]) {
    const manifest = await readBackup(config, from(named[0]), { replace: args.includes("--replace") });
    const { products, orders, users, files } = manifest.counts;
    console.log(
      `Restored the backup of ${manifest.createdAt}: ${products} products, ${orders} orders, ${users} users, ${files} files.`,
    );
  } else {
    throw new BackupError("Usage: npm run db:backup [-- <file>] | npm run db:restore -- <file> [--replace]");
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
