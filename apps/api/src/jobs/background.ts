import type { FastifyBaseLogger } from "fastify";

/**
 * Work the API does after it has answered, when no job queue runs (tests, and any set-up built
 * without one): a request that must take the same time whatever it finds hands its lookups here
 * instead of doing them before the answer. Failures are logged, never thrown at the caller.
 * `settled()` resolves once everything started so far (and anything that work started) is done:
 * tests await it before reading what the work wrote, and closing the services awaits it before
 * the database goes.
 */
export function createBackgroundWork(logger: Pick<FastifyBaseLogger, "error">, afterCommit: (then: () => void) => void = (then) => then()) {
  const running = new Set<Promise<void>>();
  return {
    /**
     * Runs `work` once the current request's answer is on its way (after the pending callbacks) and
     * the write it belongs to has committed (a keyed write's one transaction, decision 066).
     */
    run(name: string, work: () => Promise<unknown>): void {
      const task: Promise<void> = new Promise<void>((resolve) => afterCommit(() => setImmediate(resolve)))
        .then(work)
        .then(
          () => undefined,
          (error: unknown) => logger.error({ err: error, work: name }, "background work failed"),
        )
        .finally(() => running.delete(task));
      running.add(task);
    },
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
export type BackgroundWork = ReturnType<typeof createBackgroundWork>;
