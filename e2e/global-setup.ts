import type { TestProject } from "vitest/node";
import { startServer } from "./server";

/** One product server for all journeys; each journey opens its own browser context. */
export default async function setup(project: TestProject) {
  // The journeys register many members from one address within minutes: the limits stay on, scaled up. Idle job
  // workers ask for work every half second, so e-mails sent through the queue arrive sooner.
  const server = await startServer({ env: { RATE_LIMIT_FACTOR: "20", JOBS_POLL_SECONDS: "0.5" } });
  project.provide("baseUrl", server.url);
  // The demo owner's TOTP secret, which the first start shows once in its log (decision 067).
  project.provide("demoOwnerSecret", /"totpSecret":"([A-Z2-7]+)"/.exec(server.output())?.[1] ?? "");
  return async () => {
    await server.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    demoOwnerSecret: string;
  }
}
