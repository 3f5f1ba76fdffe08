import { describe, expect, it } from "vitest";
import { startServer } from "./server";

describe("npm start", () => {
  it("says where to open it, reuses its data on a second start and stops cleanly on Ctrl-C", async () => {
    const first = await startServer();
    expect(first.output()).toContain(`open http://localhost:${first.port}`);
    expect(first.output()).toContain("content loaded");

    // A request in flight when Ctrl-C arrives still gets its answer.
    const inFlight = fetch(`${first.url}/api/v1/faq?per_page=100`);
    const exitCode = first.stop("SIGINT");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await exitCode).toBe(0);
    expect(first.output()).toContain("stopped cleanly");

    const second = await startServer({ dataDir: first.dataDir });
    expect(second.output()).not.toContain("content loaded");
    const faq = (await (await fetch(`${second.url}/api/v1/faq`)).json()) as { meta: { total: number } };
    expect(faq.meta.total).toBeGreaterThan(0);
    expect(await second.stop("SIGTERM")).toBe(0);
  });
});
