export * from "./changes.ts";
export * from "./client.ts";
export * from "./faults.ts";
export * from "./migrate.ts";
export * as schema from "./schema/index.ts";
export * from "./schema/index.ts";
