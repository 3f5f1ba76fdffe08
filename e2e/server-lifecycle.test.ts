import { request, type ClientRequest } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { startServer } from "./server";

describe("npm start", () => {
  it("says where to open it, reuses its data on a second start and stops cleanly on Ctrl-C", async () => {
    const first = await startServer();
    expect(first.output()).toContain(`open http://localhost:${first.port}`);
    expect(first.output()).toContain("content loaded");

    // A request in flight when Ctrl-C arrives still gets its answer: half its body is sent,
    // then the signal, then the rest. Each step waits for the server's log line of the one before.
    const body = JSON.stringify({ name: "page_view", path: "/in-flight" });
    let req!: ClientRequest;
    const status = new Promise<number>((resolve, reject) => {
      req = request(
        `${first.url}/api/v1/events`,
        { method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
    });
    req.flushHeaders();
    req.write(body.slice(0, 10));
    await vi.waitFor(() => expect(first.output()).toMatch(/"url":"\/api\/v1\/events".*"msg":"incoming request"/), { timeout: 15_000 });
    const stopped = first.stop("SIGINT");
    await vi.waitFor(() => expect(first.output()).toContain("shutting down: no new requests or jobs; finishing what is running"), {
      timeout: 15_000,
    });
    req.end(body.slice(10));
    expect(await status).toBe(202);
    expect(await stopped).toBe(0);
    expect(first.output()).toContain("stopped cleanly");

    const second = await startServer({ dataDir: first.dataDir });
    expect(second.output()).not.toContain("content loaded");
    const faq = (await (await fetch(`${second.url}/api/v1/faq`)).json()) as { meta: { total: number } };
    expect(faq.meta.total).toBeGreaterThan(0);
    expect(await second.stop("SIGTERM")).toBe(0);
  });
});
