import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../test/render";
import { TOKEN_REFRESH_MS, endSession, startTokenRefresh } from "./session";

describe("token refresh", () => {
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    stop?.();
    vi.useRealTimers();
  });

  it("refreshes a stored token every 300000 ms and keeps the new one", async () => {
    expect(TOKEN_REFRESH_MS).toBe(300_000);
    window.localStorage.setItem("t", "first");
    const api = mockApi({ "POST user/token/refresh": [200, { token: "second", expires_at: "2030-01-01T00:00:00Z" }] });
    stop = startTokenRefresh();
    await vi.advanceTimersByTimeAsync(299_999);
    expect(api.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.named("POST user/token/refresh")).toHaveLength(1);
    expect(api.calls[0]!.headers.Authorization).toBe("Bearer first");
    expect(window.localStorage.getItem("t")).toBe("second");
    await vi.advanceTimersByTimeAsync(300_000);
    expect(api.calls[1]!.headers.Authorization).toBe("Bearer second");
  });

  it("does nothing while no token is stored, and starts once one is", async () => {
    const api = mockApi({ "POST user/token/refresh": [200, { token: "next", expires_at: "2030-01-01T00:00:00Z" }] });
    stop = startTokenRefresh();
    await vi.advanceTimersByTimeAsync(900_000);
    expect(api.calls).toHaveLength(0);
    window.localStorage.setItem("t", "now");
    await vi.advanceTimersByTimeAsync(300_000);
    expect(api.calls).toHaveLength(1);
  });

  it("stops with its stop function", async () => {
    window.localStorage.setItem("t", "first");
    const api = mockApi({ "POST user/token/refresh": [200, { token: "x", expires_at: "2030-01-01T00:00:00Z" }] });
    startTokenRefresh()();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(api.calls).toHaveLength(0);
  });

  it("keeps a token stored by a login while the refresh was on its way", async () => {
    window.localStorage.setItem("t", "old");
    mockApi({
      "POST user/token/refresh": () => {
        window.localStorage.setItem("t", "from-login");
        return [200, { token: "refreshed-old", expires_at: "2030-01-01T00:00:00Z" }];
      },
    });
    stop = startTokenRefresh();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(window.localStorage.getItem("t")).toBe("from-login");
  });
});

describe("endSession", () => {
  it("clears the token and local storage but keeps the cookie consent and the offers' clocks", () => {
    window.localStorage.setItem("t", "token");
    window.localStorage.setItem("quiz", "1");
    window.localStorage.setItem("consent", "granted");
    window.localStorage.setItem("offer-deadlines", '{"7":{"started_at":"2026-11-25T09:00:00Z","ends_at":"2026-11-25T13:00:00.000Z"}}');
    endSession();
    expect(window.localStorage.getItem("t")).toBeNull();
    expect(window.localStorage.getItem("quiz")).toBeNull();
    expect(window.localStorage.getItem("consent")).toBe("granted");
    expect(window.localStorage.getItem("offer-deadlines")).not.toBeNull();
  });
});
