import { sql } from "drizzle-orm";

/**
 * The channel on which every process of Serene tells the others that shared data changed
 * (decision 065): PostgreSQL's NOTIFY, delivered to every listening node when the writing
 * transaction commits, and PGlite's in-process equivalent.
 */
export const CHANGES_CHANNEL = "serene_changes";

/** What changed; each node drops what it keeps of it. */
export type ChangeTopic = "catalogue";

/** Anything that runs a Drizzle query: the database or an open transaction (then sent at its commit). */
interface Executor {
  execute(query: ReturnType<typeof sql>): Promise<unknown>;
}

/** Tells every node that `topic` changed: inside a transaction, once it commits. */
export async function notifyChange(executor: Executor, topic: ChangeTopic): Promise<void> {
  await executor.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${topic})`);
}
