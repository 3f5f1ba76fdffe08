import { CHANGES_CHANNEL, type ChangeTopic, type DatabaseHandle } from "@serene/db";
import type { FastifyBaseLogger } from "fastify";

const TOPICS: ReadonlySet<string> = new Set<ChangeTopic>(["catalogue"]);

/**
 * What this node hears of changes other nodes (and tools such as `content:ingest`) make to shared
 * data (decision 065): each topic's handlers run when a change to it commits anywhere, usually
 * within milliseconds. After the listening connection was lost and is back, every handler runs,
 * since a change may have been missed meanwhile.
 */
export function createChangeFeed(database: DatabaseHandle, logger: Pick<FastifyBaseLogger, "info">) {
  const handlers = new Map<ChangeTopic, Array<() => void>>();
  let listening: Promise<() => Promise<void>> | null = null;
  const run = (topic: ChangeTopic) => {
    for (const handler of handlers.get(topic) ?? []) handler();
  };
  return {
    /** Runs `handler` whenever `topic` changes. */
    on(topic: ChangeTopic, handler: () => void) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    /** Starts listening (once, however often called). */
    async start(): Promise<void> {
      listening ??= database.listen(
        CHANGES_CHANNEL,
        (payload) => {
          if (TOPICS.has(payload)) run(payload as ChangeTopic);
        },
        () => {
          logger.info("listening for changes again: dropping what this node kept");
          for (const topic of handlers.keys()) run(topic);
        },
      );
      await listening;
    },
    async close(): Promise<void> {
      if (!listening) return;
      const stop = await listening.catch(() => null);
      await stop?.();
    },
  };
}
export type ChangeFeed = ReturnType<typeof createChangeFeed>;
