import type { Config } from "./config.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { ensureFirstSuperAdmin } from "./modules/users/users.service.ts";

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

/** Opens the configured database, applies pending migrations and makes sure a SUPERADMIN exists. */
export async function prepareDatabase(
  config: Config,
  log: Log,
): Promise<{ database: Database; superAdminId: string | null }> {
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const admin = await ensureFirstSuperAdmin(database.db, config.firstAdmin);
    if (admin.created) {
      log.info(`First super admin created: ${admin.user.email}`);
      if (admin.generatedPassword) {
        // Shown once, on the first start only; set ADMIN_PASSWORD to choose it instead.
        log.warn(`Generated password for ${admin.user.email}: ${admin.generatedPassword} (change it after signing in)`);
      }
    }
    return { database, superAdminId: admin.created ? admin.user.id : null };
  } catch (error) {
    await database.close();
    throw error;
  }
}
