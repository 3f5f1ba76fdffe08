import { createDatabase, migrate, type DatabaseHandle } from "@serene/db";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import { seedDemoAccounts } from "./seed/demo-accounts";
import { seedContent } from "./seed/seed";

/** Opens the configured database, applies pending migrations and loads shipped content. */
export async function prepareDatabase(config: Config, logger: FastifyBaseLogger): Promise<DatabaseHandle> {
  const database = await createDatabase(config.database);
  try {
    await migrate(database);
    const seeded = await seedContent(database.db);
    if (seeded.loaded) logger.info({ faq: seeded.faq }, "content loaded");
    if (config.seedDemoData) {
      const created = await seedDemoAccounts(database.db);
      if (created > 0) logger.info({ accounts: created }, "demo accounts created (see README)");
    }
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
