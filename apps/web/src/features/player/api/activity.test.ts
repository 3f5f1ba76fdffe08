import { waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockApi, validation } from "../../../test/render";
import { recordShare } from "./activity";
import { reportSession } from "./listening";

const report = { id: 7, model: "meditation-sleep" as const, start_session: "2026-11-26 08:00:00", end_session: "2026-11-26 08:10:00" };

describe("player activity calls", () => {
  it("reports a session with the browser's time zone, so it counts on the member's own day", async () => {
    const api = mockApi({ "POST user/sessions": [201, { data: {} }] });
    await reportSession(report);
    await waitFor(() => expect(api.named("POST user/sessions")).toHaveLength(1));
    const call = api.named("POST user/sessions")[0]!;
    expect(call.query.get("tz")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(call.body).toEqual(report);
  });

  it("records a share quietly: a failure is only logged", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const api = mockApi({ "POST user/shares": [500, { message: "Server Error" }] });
    await expect(recordShare({ id: 7, model: "meditation-sleep" })).resolves.toBeUndefined();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(api.named("POST user/shares")[0]!.body).toEqual({ id: 7, model: "meditation-sleep" });
  });
});

describe("a time zone the server does not know", () => {
  it("sends the session again without it, so it is never lost", async () => {
    const api = mockApi({
      "POST user/sessions": (call) =>
        call.query.has("tz") ? validation({ tz: ["The tz must be a valid time zone."] }) : [201, { data: {} }],
    });
    await reportSession(report);
    await waitFor(() => expect(api.named("POST user/sessions")).toHaveLength(2));
    expect(api.named("POST user/sessions")[1]!.query.has("tz")).toBe(false);
    expect(api.named("POST user/sessions")[1]!.body).toEqual(report);
  });
});
