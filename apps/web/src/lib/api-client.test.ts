import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, fieldErrors, onUnauthorized } from "./api-client";
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

describe("ending a session on 401", () => {
  it("forgets the token and calls the registered handler when a call that sent a token gets 401", async () => {
    window.localStorage.setItem("t", "expired");
    const handler = vi.fn();
    const unregister = onUnauthorized(handler);
    respond(401, { message: "Unauthenticated." });
    await expect(api.get("user")).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem("t")).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
    // The handler decides what the person sees; no error toast on top.
    expect(useErrorStore.getState().flag).toBe(false);
    unregister();
  });

  it("leaves a 401 without a token to the caller", async () => {
    const handler = vi.fn();
    const unregister = onUnauthorized(handler);
    respond(401, { message: "Unauthenticated." });
    await expect(api.get("user")).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
    unregister();
  });

  it("lets a call opt out (log out revokes a token that may already be gone)", async () => {
    window.localStorage.setItem("t", "expired");
    const handler = vi.fn();
    const unregister = onUnauthorized(handler);
    respond(401, { message: "Unauthenticated." });
    await expect(api.delete("user/token", { endSessionOnUnauthorized: false, silent: true })).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
    expect(window.localStorage.getItem("t")).toBe("expired");
    unregister();
  });

  it("stops calling a handler once it is unregistered", async () => {
    window.localStorage.setItem("t", "expired");
    const handler = vi.fn();
    onUnauthorized(handler)();
    respond(401, { message: "Unauthenticated." });
    await expect(api.get("user")).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
  });
});

describe("validation failures of forms", () => {
  it("keeps a 422 out of the global error toast with silent: 'validation', but not a 429", async () => {
    respond(422, { message: "The email field is required.", errors: { email: ["The email field is required."] } });
    await expect(api.post("user/token", { body: {}, silent: "validation" })).rejects.toMatchObject({ status: 422 });
    expect(useErrorStore.getState().flag).toBe(false);
    respond(429, { message: "Too many attempts." });
    await expect(api.post("user/token", { body: {}, silent: "validation" })).rejects.toMatchObject({ status: 429 });
    expect(useErrorStore.getState().message).toBe("Too many attempts.");
  });

  it("reads the field messages of a 422, and a message without fields as a form message", () => {
    expect(fieldErrors(new ApiError(422, { message: "Invalid.", errors: { email: ["A", "B"] } }))).toEqual({ email: ["A", "B"] });
    expect(fieldErrors(new ApiError(422, { message: "These credentials do not match our records." }))).toEqual({
      _form: ["These credentials do not match our records."],
    });
    expect(fieldErrors(new ApiError(500, { message: "Server Error" }))).toEqual({});
    expect(fieldErrors(new Error("x"))).toEqual({});
  });
});
