import type { TestProject } from "vitest/node";
import { startServer } from "./server";

/** One product server for all journeys; each journey opens its own browser context. */
export default async function setup(project: TestProject) {
  const server = await startServer();
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
