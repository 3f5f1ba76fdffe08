import type { TestProject } from "vitest/node";
import { startServer } from "./server";

/** One product server for all journeys; each journey opens its own browser context. */
export default async function setup(project: TestProject) {
  // The journeys register many members from one address within minutes: the limits stay on, scaled up.
  const server = await startServer({ env: { RATE_LIMIT_FACTOR: "20" } });
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
