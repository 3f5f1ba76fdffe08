import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("loadConfig", () => {
  it("runs on the embedded defaults with nothing set", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.appName).toBe("Serene");
    expect(config.database.driver).toBe("pglite");
    expect(config.jobsInProcess).toBe(true);
    expect(config.seedDemoData).toBe(true);
  });

  it("uses PostgreSQL when DATABASE_URL is set", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://user@127.0.0.1:5432/serene" });
    expect(config.database).toMatchObject({ driver: "postgres", url: "postgres://user@127.0.0.1:5432/serene" });
  });

  it("stops with one line naming the variable for a bad value", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrowError(/^Invalid environment variable PORT: .*\(got "eighty"\)$/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrowError(/^Invalid environment variable DATABASE_URL: /);
  });

  it("never repeats a secret value in its message", () => {
    try {
      loadConfig({ DATABASE_URL: "mysql://user:hunter2@db/x" });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain("hunter2");
      expect((error as Error).message.split("\n")).toHaveLength(1);
    }
  });

  it("turns demo data off in production unless asked for", () => {
    expect(loadConfig({ NODE_ENV: "production" }).seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", SEED_DEMO_DATA: "true" }).seedDemoData).toBe(true);
  });
});
