import { eq } from "drizzle-orm";
import type { Config } from "./config.ts";
import { type Database, type Db, openDatabase } from "./db/client.ts";
import { appSettings } from "./db/schema.ts";
import { ensureFirstSuperAdmin } from "./modules/users/users.service.ts";

const TOKEN_SECRET_KEY = "token_secret";

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

/**
 * Opens the configured database, applies pending migrations and makes sure a SUPERADMIN
 * exists. Answers the configuration to run with: its token secret is the one every app server
 * shares (see sharedTokenSecret).
 */
export async function prepareDatabase(
  config: Config,
  log: Log,
): Promise<{ database: Database; superAdminId: string | null; config: Config }> {
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const shared = await sharedTokenSecret(database.db, config);
    const admin = await ensureFirstSuperAdmin(database.db, config.firstAdmin);
    if (admin.created) {
      log.info(`First super admin created: ${admin.user.email}`);
      if (admin.generatedPassword) {
        // Shown once, on the first start only; set ADMIN_PASSWORD to choose it instead.
        log.warn(`Generated password for ${admin.user.email}: ${admin.generatedPassword} (change it after signing in)`);
      }
    }
    return { database, superAdminId: admin.created ? admin.user.id : null, config: shared };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Sessions made by one app server must be valid on every other (decision 031). A configured
 * TOKEN_SECRET is used as it is; otherwise the first server to start keeps its generated
 * secret (from its DATA_DIR) in the database, and every server, this one included, uses the
 * one kept there.
 */
export async function sharedTokenSecret(db: Db, config: Config): Promise<Config> {
  if (config.token.configured) return config;
  await db.insert(appSettings).values({ key: TOKEN_SECRET_KEY, value: config.token.secret }).onConflictDoNothing();
  const [kept] = await db.select().from(appSettings).where(eq(appSettings.key, TOKEN_SECRET_KEY));
  if (!kept || kept.value === config.token.secret) return config;
  return { ...config, token: { ...config.token, secret: kept.value } };
}
