import { eq } from "drizzle-orm";
import { contentItems } from "@serene/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMember, type Member } from "../../test/accounts.ts";
import { catalogue, demoMembers, getAs } from "../../test/content.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
let member: Member;
let premium: Member;

const LIST_MODELS = new Set(["meditation-sleep-course", "cbt-course", "music-soundscape-playlist"]);
/** A locked meditation this file's database makes free before the catalogue is first read. */
const MADE_FREE = catalogue.items.find((item) => item.model === "meditation-sleep" && item.type === "Meditations" && !item.free)!;

/** The same counts, taken straight from the shipped catalogue file, with one item freed. */
function expectedCounts() {
  const free = (item: (typeof catalogue.items)[number]) => item.free || item.id === MADE_FREE.id;
  const sessions = catalogue.items.filter((item) => !LIST_MODELS.has(item.model) && !free(item));
  const byType = new Map<string, number>();
  for (const item of sessions) byType.set(item.type, (byType.get(item.type) ?? 0) + 1);
  const lists = catalogue.items.filter(
    (item) => LIST_MODELS.has(item.model) && (!item.free || (item.children ?? []).some((id) => sessions.some((s) => s.id === id))),
  );
  return { sessions: sessions.length, collections: lists.length, byType };
}

beforeAll(async () => {
  t = await createTestApp();
  // Before any content call, so the catalogue is read with this change: the counts follow the data.
  await t.database.db.update(contentItems).set({ free: true }).where(eq(contentItems.id, MADE_FREE.id));
  member = await registerMember(t.app, t.database, { name: "Welcome" });
  premium = (await demoMembers(t.app, t.database)).premium;
});
afterAll(async () => t.close());

describe("GET /api/v1/premium-summary", () => {
  it("counts what Premium opens from the catalogue: locked sessions by type, and the courses and playlists holding them", async () => {
    const res = await getAs(t.app, member.token, "/api/v1/premium-summary?t=1764324000000");
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json() as {
      data: { locked_sessions: number; locked_collections: number; types: { type: string; locked: number }[] };
    };
    const expected = expectedCounts();
    expect(data.locked_sessions).toBe(expected.sessions);
    expect(data.locked_collections).toBe(expected.collections);
    expect(Object.fromEntries(data.types.map((entry) => [entry.type, entry.locked]))).toEqual(Object.fromEntries(expected.byType));
    expect(data.types.every((entry) => entry.locked > 0)).toBe(true);
    // The catalogue's order of types: meditations before sleepcasts before CBT.
    const order = data.types.map((entry) => entry.type);
    expect(order.indexOf("Meditations")).toBeLessThan(order.indexOf("Sleepcasts"));
    expect(order.indexOf("Sleepcasts")).toBeLessThan(order.indexOf("Cognitive Behavioral Therapy"));
    // Nothing else leaks into the answer.
    expect(Object.keys(res.json())).toEqual(["data"]);
    expect(Object.keys(data).sort()).toEqual(["locked_collections", "locked_sessions", "types"]);
  });

  it("answers a subscriber the same, so the welcome after a purchase can say it", async () => {
    const free = (await getAs(t.app, member.token, "/api/v1/premium-summary")).json();
    const res = await getAs(t.app, premium.token, "/api/v1/premium-summary");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(free);
  });

  it("is for signed-in members: 401 without a token or with one that is not valid", async () => {
    const none = await t.app.inject({ url: "/api/v1/premium-summary" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: expect.any(String) });
    const wrong = await t.app.inject({ url: "/api/v1/premium-summary", headers: { authorization: "Bearer not-a-token" } });
    expect(wrong.statusCode).toBe(401);
  });

  const badQueries: [string, string][] = [
    ["a time stamp over 32 characters", `t=${"9".repeat(33)}`],
    ["the time stamp twice", "t=1&t=2"],
  ];
  it.each(badQueries)("%s: 422 naming t", async (_label, query) => {
    const res = await getAs(t.app, member.token, `/api/v1/premium-summary?${query}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ message: expect.any(String), errors: { t: [expect.any(String)] } });
  });

  it("is a read: POST is not a route", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/premium-summary",
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect([404, 405]).toContain(res.statusCode);
  });
});
