import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { endSession } from "../session";
import { firstPartyAdapter } from "./first-party";

const fetchMock = vi.fn();
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockImplementation(async () => new Response(JSON.stringify({ message: "Accepted." }), { status: 202 }));
});
afterEach(() => fetchMock.mockReset());

/** The body of every POST /events sent so far. */
const sent = () =>
  fetchMock.mock.calls.map(
    ([, init]) => JSON.parse((init as RequestInit).body as string) as { name: string; path: string; session_id?: string },
  );

/** A new tab of the same browser: local storage stays, the tab's own session storage starts empty. */
const newTab = () => window.sessionStorage.clear();

describe("first-party events", () => {
  it("carry one visit id for every tab of a browser, so the e-mailed link's tab is the same person", () => {
    firstPartyAdapter.track("quiz_email", { funnel: "onboarding", quiz: "onboarding" }, "/quiz");
    newTab();
    firstPartyAdapter.pageView("/quiz-results?lead=8d6c");
    firstPartyAdapter.track("StartTrial", { package_id: "4" }, "/subscription");
    const [email, results, trial] = sent();
    expect(email!.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(results!.session_id).toBe(email!.session_id);
    expect(trial!.session_id).toBe(email!.session_id);
    // Only the path is kept, and the event name is the first-party one.
    expect(results!.path).toBe("/quiz-results");
    expect(trial!.name).toBe("start_trial");
  });

  it("start a new visit once the member logs out, so the next person on the browser is someone else", () => {
    firstPartyAdapter.pageView("/home");
    endSession();
    firstPartyAdapter.pageView("/");
    const [before, after] = sent();
    expect(after!.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(after!.session_id).not.toBe(before!.session_id);
  });

  it("carry no id when the browser keeps no local storage", () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    firstPartyAdapter.pageView("/");
    expect(sent()[0]!.session_id).toBeUndefined();
  });
});
