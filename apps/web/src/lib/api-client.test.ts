import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, fieldErrors, onUnauthorized, retryAfterSeconds, tooManyRequestsMessage, waitText } from "./api-client";
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
    await expect(api.get("search", { query: { tags: ["a", "b"], empty: undefined } })).resolves.toEqual({ message: "pong" });
    const [url, init] = fetchMock.mock.calls[0]!;
    const parsed = new URL(url as string, "http://x");
    expect(parsed.pathname).toBe("/api/v1/search");
    expect(parsed.searchParams.get("tags")).toBe("a,b");
    expect(parsed.searchParams.has("empty")).toBe(false);
    expect(Number(parsed.searchParams.get("t"))).toBeGreaterThan(1_600_000_000_000);
    expect(init.headers).toMatchObject({ Accept: "application/json", Authorization: "Bearer token-123" });
  });

  it("fills a path's parameters in, encoded", async () => {
    respond(200, { data: { id: "a b" } });
    await api.get("user/notes/{id}", { params: { id: "a b/c" } });
    expect(new URL(fetchMock.mock.calls[0]![0] as string, "http://x").pathname).toBe("/api/v1/user/notes/a%20b%2Fc");
  });

  it("takes the { data } envelope off an answer that has nothing else (beside earned badges), and nothing off any other", async () => {
    respond(200, { data: { id: "n1" } });
    await expect(api.get("user/notes/{id}", { params: { id: "n1" } })).resolves.toEqual({ id: "n1" });
    respond(201, { data: { id: "n2" }, earned: [] });
    await expect(api.post("user/notes", { body: { title: "t", content: "c" } })).resolves.toEqual({ id: "n2" });
    respond(200, { data: null });
    await expect(api.get("user/positions/{id}", { params: { id: 1 } })).resolves.toBeNull();
    const page = { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } };
    respond(200, page);
    await expect(api.get("user/notes", { query: { page: 1, per_page: 20 } })).resolves.toEqual(page);
    respond(200, { token: "x" });
    await expect(api.post("user/token/refresh")).resolves.toEqual({ token: "x" });
  });

  it("sends no Authorization header without a token", async () => {
    respond(200, {});
    await api.get("faq");
    expect(fetchMock.mock.calls[0]![1].headers.Authorization).toBeUndefined();
  });

  it("puts the server's message into the global error state and rejects with its data", async () => {
    respond(422, { message: "The email field is required.", errors: { email: ["The email field is required."] } });
    const failure = await api.post("user/request-remove", { body: {} as never }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(422);
    expect((failure as ApiError).data.errors).toEqual({ email: ["The email field is required."] });
    expect(useErrorStore.getState()).toMatchObject({ flag: true, message: "The email field is required." });
  });

  it("keeps silent calls out of the global error state", async () => {
    respond(500, { message: "Server Error" });
    await expect(api.post("events", { body: {} as never, silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(useErrorStore.getState().flag).toBe(false);
  });

  it("reports a network failure on both tries as a readable error", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch")).mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(api.get("faq")).rejects.toMatchObject({ status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(useErrorStore.getState().message).toMatch(/No connection/);
  });
});

describe("a call that found no server able to answer", () => {
  const keyOf = (call: number) => (fetchMock.mock.calls[call]![1].headers as Record<string, string>)["Idempotency-Key"];

  it("sends every write with a fresh Idempotency-Key, and a read without one", async () => {
    respond(201, { data: { id: "1" } });
    respond(201, { data: { id: "2" } });
    respond(200, { data: [] });
    await api.post("user/notes", { body: { title: "One", content: "a" } });
    await api.post("user/notes", { body: { title: "Two", content: "b" } });
    await api.get("faq");
    expect(keyOf(0)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyOf(1)).not.toBe(keyOf(0));
    expect(keyOf(2)).toBeUndefined();
  });

  it("sends a write once more with the same key after a network failure, and the person sees only the answer", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    respond(201, { data: { id: "n1", title: "Kept" } });
    await expect(api.post("user/notes", { body: { title: "Kept", content: "c" } })).resolves.toEqual({ id: "n1", title: "Kept" });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(1)).toBe(keyOf(0));
    expect(fetchMock.mock.calls[1]![1].body).toBe(fetchMock.mock.calls[0]![1].body);
    expect(useErrorStore.getState().flag).toBe(false);
  });

  it("tries once more after 502, 503 or 504, and no more", async () => {
    for (const status of [502, 503, 504]) {
      fetchMock.mockReset();
      respond(status, { message: "Bad gateway" });
      respond(200, { data: [] });
      await expect(api.get("faq")).resolves.toEqual([]);
      expect(fetchMock, String(status)).toHaveBeenCalledTimes(2);
    }
    fetchMock.mockReset();
    respond(503, { message: "Service temporarily unavailable. Please try again in a moment." });
    respond(503, { message: "Service temporarily unavailable. Please try again in a moment." });
    await expect(api.put("user/notes/{id}", { params: { id: "n1" }, body: { title: "T", content: "c" } })).rejects.toMatchObject({
      status: 503,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(1)).toBe(keyOf(0));
  });

  it("does not send again an answer the server gave (a 500, a 422, a 429)", async () => {
    for (const status of [500, 422, 429]) {
      fetchMock.mockReset();
      respond(status, { message: "No." });
      await expect(api.post("user/notes", { body: { title: "T", content: "c" }, silent: true })).rejects.toMatchObject({ status });
      expect(fetchMock, String(status)).toHaveBeenCalledTimes(1);
    }
  });

  it("keeps the key a purchase gives", async () => {
    respond(200, { message: "ok" });
    await api.post("stripe/payment-method", { body: { payment_method: "pm_1", package_id: 1 } as never, idempotencyKey: "purchase-key-1" });
    expect(keyOf(0)).toBe("purchase-key-1");
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
  it("keeps a 422 and a 429 out of the global error toast with silent: 'validation' (the form shows them), but not a 500", async () => {
    respond(422, { message: "The email field is required.", errors: { email: ["The email field is required."] } });
    await expect(api.post("user/token", { body: {}, silent: "validation" })).rejects.toMatchObject({ status: 422 });
    expect(useErrorStore.getState().flag).toBe(false);
    respond(429, { message: "Too many attempts." });
    await expect(api.post("user/token", { body: {}, silent: "validation" })).rejects.toMatchObject({ status: 429 });
    expect(useErrorStore.getState().flag).toBe(false);
    respond(500, { message: "Something went wrong." });
    await expect(api.post("user/token", { body: {}, silent: "validation" })).rejects.toMatchObject({ status: 500 });
    expect(useErrorStore.getState().message).toBe("Something went wrong.");
  });

  it("keeps the Retry-After of a failed answer on the error, in seconds", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: "Slow down." }), { status: 429, headers: { "retry-after": "42" } }),
    );
    await expect(api.post("user/request-remove", { body: {} as never, silent: true })).rejects.toMatchObject({
      status: 429,
      retryAfter: 42,
    });
    respond(429, { message: "Slow down." });
    await expect(api.post("user/request-remove", { body: {} as never, silent: true })).rejects.toMatchObject({
      status: 429,
      retryAfter: null,
    });
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-11-26T08:00:00Z");
    expect(retryAfterSeconds("30", now)).toBe(30);
    expect(retryAfterSeconds(" 0 ", now)).toBe(0);
    expect(retryAfterSeconds("Thu, 26 Nov 2026 08:02:00 GMT", now)).toBe(120);
    expect(retryAfterSeconds("Thu, 26 Nov 2026 07:00:00 GMT", now)).toBe(0);
    expect(retryAfterSeconds("soon", now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });

  it("says a wait in seconds under a minute and in whole minutes (rounded up) from a minute on", () => {
    expect(waitText(1)).toBe("1 second");
    expect(waitText(45)).toBe("45 seconds");
    expect(waitText(60)).toBe("1 minute");
    expect(waitText(61)).toBe("2 minutes");
    expect(waitText(600)).toBe("10 minutes");
  });

  it("words a 429 as the server's message, adding the Retry-After wait only when the message names none", () => {
    expect(tooManyRequestsMessage(new ApiError(429, { message: "Too many attempts. Please try again in 30 seconds." }, 30))).toBe(
      "Too many attempts. Please try again in 30 seconds.",
    );
    expect(tooManyRequestsMessage(new ApiError(429, { message: "Too many requests. Please wait a moment and try again." }, 90))).toBe(
      "Too many requests. Please wait a moment and try again. You can try again in 2 minutes.",
    );
    expect(tooManyRequestsMessage(new ApiError(429, { message: "Too many requests." }))).toBe("Too many requests.");
    expect(tooManyRequestsMessage(new ApiError(429, {}))).toBe("That was a few tries in a row. Please wait a moment, then try again.");
    expect(tooManyRequestsMessage(new ApiError(422, { message: "Invalid." }))).toBeUndefined();
    expect(tooManyRequestsMessage(new Error("boom"))).toBeUndefined();
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

describe("a call with another session's bearer (the operator console's)", () => {
  const sentToken = (call: number) => (fetchMock.mock.calls[call]![1].headers as Record<string, string>).Authorization;

  it("sends that token, never the member's, and the member's calls keep theirs", async () => {
    window.localStorage.setItem("t", "member-token");
    respond(200, { data: { id: "s1" } });
    respond(200, { data: { id: "m1" } });
    await api.get("admin/me", { bearer: { token: "staff_token", onUnauthorized: () => {} } });
    await api.get("user");
    expect(sentToken(0)).toBe("Bearer staff_token");
    expect(sentToken(1)).toBe("Bearer member-token");
  });

  it("hands a 401 to its own handler: the member stays signed in", async () => {
    window.localStorage.setItem("t", "member-token");
    const member = vi.fn();
    const staff = vi.fn();
    const offMember = onUnauthorized(member);
    respond(401, { message: "Unauthenticated." });
    await expect(api.get("admin/me", { silent: true, bearer: { token: "staff_token", onUnauthorized: staff } })).rejects.toMatchObject({
      status: 401,
    });
    expect(window.localStorage.getItem("t")).toBe("member-token");
    expect(staff).toHaveBeenCalledTimes(1);
    expect(member).not.toHaveBeenCalled();
    offMember();
  });
});
