import { afterEach, describe, expect, it, vi } from "vitest";
import { registerServiceWorker } from "./service-worker";

function stubWorkers(register = vi.fn(async () => ({}))) {
  Object.defineProperty(navigator, "serviceWorker", { value: { register }, configurable: true });
  return register;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("registering the service worker", () => {
  it("registers /sw.js in a production build once the page has loaded", () => {
    const register = stubWorkers();
    registerServiceWorker(true);
    // jsdom has finished loading the test page: it registers at once.
    expect(document.readyState).toBe("complete");
    expect(register).toHaveBeenCalledWith("/sw.js");
  });

  it("waits for the load event while the page is still loading", () => {
    const register = stubWorkers();
    vi.spyOn(document, "readyState", "get").mockReturnValue("interactive");
    registerServiceWorker(true);
    expect(register).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("load"));
    expect(register).toHaveBeenCalledTimes(1);
  });

  it("registers nothing in a development build", () => {
    const register = stubWorkers();
    registerServiceWorker(false);
    expect(register).not.toHaveBeenCalled();
  });

  it("only warns when the browser refuses it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error");
    stubWorkers(vi.fn(async () => Promise.reject(new Error("blocked"))));
    registerServiceWorker(true);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith("The offline helper could not start:", "blocked"));
    expect(error).not.toHaveBeenCalled();
  });
});
