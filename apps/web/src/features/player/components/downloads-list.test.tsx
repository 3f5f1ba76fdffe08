import { DOWNLOADS_CACHE } from "@serene/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ANNUAL_STATUS, FREE_STATUS } from "../../../test/account-status";
import { FakeCacheStorage } from "../../../test/fake-caches";
import { mockApi, renderPage } from "../../../test/render";
import { untilIdle } from "../../../test/settle";
import type { DownloadRecord } from "../lib/downloads";
import { NO_DOWNLOADS_YET, DownloadsList } from "./downloads-list";

let storage: FakeCacheStorage;

const origin = () => window.location.origin;

async function keep(record: Omit<DownloadRecord, "files" | "stream" | "cover">) {
  const cache = await storage.open(DOWNLOADS_CACHE);
  const segment = `${origin()}/media/x/${record.id}/seg-0.m4s`;
  await cache.put(segment, new Response("s"));
  const full: DownloadRecord = { ...record, stream: "audio_male", cover: `${origin()}/media/covers/${record.id}.svg`, files: [segment] };
  await cache.put(`${origin()}/offline/downloads/${record.model}/${record.id}`, new Response(JSON.stringify(full)));
}

/** A premium session kept first, and a free one kept an hour later. */
const ANCHOR = {
  model: "meditation-sleep",
  id: 3,
  name: "Anchor in the Storm",
  free: false,
  bytes: 287_400,
  saved_at: "2026-11-28T09:00:00Z",
} as const;
const TRAPS = {
  model: "cbt",
  id: 9,
  name: "Naming Thinking Traps",
  free: true,
  bytes: 1_420_000,
  saved_at: "2026-11-28T10:00:00Z",
} as const;

/** Both items are still in the catalogue (their details answer). */
const TRAPS_THERE: [number, unknown] = [200, { data: { id: 9 } }];
const STILL_THERE: Record<string, [number, unknown]> = { "GET meditation-sleep/3": [200, { data: { id: 3 } }], "GET cbt/9": TRAPS_THERE };

beforeEach(() => {
  storage = new FakeCacheStorage();
  vi.stubGlobal("caches", storage);
  window.localStorage.setItem("t", "token");
});

describe("the Downloads list", () => {
  it("invites a first download when nothing is kept", async () => {
    mockApi({ "GET user/account-status": [200, ANNUAL_STATUS] });
    renderPage(DownloadsList, { at: "/profile/downloads" });
    expect(await screen.findByText(NO_DOWNLOADS_YET)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Find a session" }).getAttribute("href")).toBe("/home");
  });

  it("lists each download newest first with its size, leading to its player, and removes one", async () => {
    mockApi({ "GET user/account-status": [200, ANNUAL_STATUS], ...STILL_THERE });
    await keep(ANCHOR);
    await keep(TRAPS);
    renderPage(DownloadsList, { at: "/profile/downloads" });
    const list = await screen.findByRole("region", { name: "On this device" });
    expect(within(list).getByText("2 sessions · 1.7 MB")).toBeTruthy();
    const links = within(list).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Naming Thinking Traps1.4 MB", "/cbt/9"],
      ["Anchor in the Storm287 KB", "/meditation-sleep/3"],
    ]);

    await userEvent.setup().click(within(list).getByRole("button", { name: "Remove Naming Thinking Traps" }));
    await waitFor(() => expect(within(list).queryByText("Naming Thinking Traps")).toBeNull());
    expect(storage.paths(DOWNLOADS_CACHE)).toEqual(["/media/x/3/seg-0.m4s", "/offline/downloads/meditation-sleep/3"]);
  });

  it("removes premium downloads once the account status says the member no longer subscribes", async () => {
    mockApi({ "GET user/account-status": [200, FREE_STATUS], ...STILL_THERE });
    await keep(ANCHOR);
    await keep(TRAPS);
    renderPage(DownloadsList, { at: "/profile/downloads" });
    expect(await screen.findByText("Naming Thinking Traps")).toBeTruthy();
    await waitFor(() => expect(storage.paths(DOWNLOADS_CACHE)).toEqual(["/media/x/9/seg-0.m4s", "/offline/downloads/cbt/9"]));
    await waitFor(() => expect(screen.queryByText("Anchor in the Storm")).toBeNull());
    expect(screen.getByText("Naming Thinking Traps")).toBeTruthy();
  });

  it("keeps every download when the status cannot be read (no network)", async () => {
    mockApi({ "GET user/account-status": [503, { message: "Unavailable" }], "GET meditation-sleep/3": [503, { message: "Unavailable" }] });
    await keep(ANCHOR);
    const { queryClient } = renderPage(DownloadsList, { at: "/profile/downloads" });
    expect(await screen.findByText("Anchor in the Storm")).toBeTruthy();
    await untilIdle(queryClient);
    expect(storage.paths(DOWNLOADS_CACHE)).toHaveLength(2);
  });

  it("removes a download whose item was withdrawn from the catalogue, and says so", async () => {
    mockApi({
      "GET user/account-status": [200, ANNUAL_STATUS],
      "GET cbt/9": TRAPS_THERE,
      "GET meditation-sleep/3": [404, { message: "Not found." }],
    });
    await keep(ANCHOR);
    await keep(TRAPS);
    renderPage(DownloadsList, { at: "/profile/downloads" });
    expect(
      await screen.findByText("“Anchor in the Storm” is no longer available in Serene, so it was removed from this device."),
    ).toBeTruthy();
    await waitFor(() => expect(storage.paths(DOWNLOADS_CACHE)).toEqual(["/media/x/9/seg-0.m4s", "/offline/downloads/cbt/9"]));
    expect(screen.getByText("Naming Thinking Traps")).toBeTruthy();
  });
});
