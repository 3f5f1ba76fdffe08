import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "./api-client";
import { useErrorStore } from "./error-store";

const fetchMock = vi.fn();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  useErrorStore.getState().clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const respond = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

describe("api client", () => {
  it("sends Accept JSON, the stored bearer token and the t time stamp", async () => {
    window.localStorage.setItem("t", "token-123");
    respond(200, { message: "pong" });
    await expect(api.get("ping", { query: { tags: ["a", "b"], empty: undefined } })).resolves.toEqual({ message: "pong" });
    const [url, init] = fetchMock.mock.calls[0]!;
    const parsed = new URL(url as string, "http://x");
    expect(parsed.pathname).toBe("/api/v1/ping");
    expect(parsed.searchParams.get("tags")).toBe("a,b");
    expect(parsed.searchParams.has("empty")).toBe(false);
    expect(Number(parsed.searchParams.get("t"))).toBeGreaterThan(1_600_000_000_000);
    expect(init.headers).toMatchObject({ Accept: "application/json", Authorization: "Bearer token-123" });
  });

  it("sends no Authorization header without a token", async () => {
    respond(200, {});
    await api.get("faq");
    expect(fetchMock.mock.calls[0]![1].headers.Authorization).toBeUndefined();
  });

  it("puts the server's message into the global error state and rejects with its data", async () => {
    respond(422, { message: "The email field is required.", errors: { email: ["The email field is required."] } });
    const failure = await api.post("user", { body: {} }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(422);
    expect((failure as ApiError).data.errors).toEqual({ email: ["The email field is required."] });
    expect(useErrorStore.getState()).toMatchObject({ flag: true, message: "The email field is required." });
  });

  it("keeps silent calls out of the global error state", async () => {
    respond(500, { message: "Server Error" });
    await expect(api.post("events", { body: {}, silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(useErrorStore.getState().flag).toBe(false);
  });

  it("reports a network failure as a readable error", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(api.get("faq")).rejects.toMatchObject({ status: 0 });
    expect(useErrorStore.getState().message).toMatch(/No connection/);
  });
});
