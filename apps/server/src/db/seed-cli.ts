/**
 * `npm run db:seed`: migrates, makes sure the first super admin exists and, on a catalogue
 * with no product, adds the demo catalogue (owned by that super admin).
 * `npm run db:reset`: the same after erasing every table and stored file (DATA_DIR or bucket).
 */
import { asc, eq } from "drizzle-orm";
import { prepareDatabase } from "../bootstrap.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { openStorage } from "../plugins/files.ts";
import { eraseShop } from "./backup.ts";
import { users } from "./schema.ts";
import { seedDemoCatalogue } from "./seed/seed.ts";

const reset = process.argv.includes("--reset");
const log = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m) };

try {
  const config = loadConfig();
  if (reset) {
    const files = await openStorage(config.storage);
    try {
      await eraseShop(config, files);
    } finally {
      await files.close();
    }
    console.log("Database and files erased.");
  }
  const { database } = await prepareDatabase(config, log);
  const files = await openStorage(config.storage);
  try {
    const [owner] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, "SUPERADMIN"))
      .orderBy(asc(users.createdAt))
      .limit(1);
    const { inserted } = await seedDemoCatalogue({
      db: database.db,
      files,
      ownerId: owner?.id ?? null,
      log: (m) => console.log(m),
    });
    console.log(
      inserted ? `Demo catalogue: ${inserted} products added.` : "The catalogue already has products: nothing added.",
    );
  } finally {
    await files.close();
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
