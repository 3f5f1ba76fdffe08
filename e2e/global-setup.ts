import type { TestProject } from "vitest/node";
import { startServer } from "./server";

/** One product server for all journeys; each journey opens its own browser context. */
export default async function setup(project: TestProject) {
  // The journeys register many members from one address within minutes: the limits stay on, scaled up. Idle job
  // workers ask for work every half second, so e-mails sent through the queue arrive sooner.
  const server = await startServer({ env: { RATE_LIMIT_FACTOR: "20", JOBS_POLL_SECONDS: "0.5" } });
  project.provide("baseUrl", server.url);
  return async () => {
    await server.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
