import { eq, inArray } from "drizzle-orm";
import { contentItems, contentViews, favorites, listeningSessions } from "@serene/db";
import { toUtcSecond, DAY_MS } from "@serene/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, registerMember, type Member } from "../../test/accounts.ts";
import { getAs, itemById, listedItems, openedDaysAgo, sendAs, setGoal } from "../../test/content.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
let alice: Member;
let bob: Member;

/** An item given a known length in this file's database, so completion can be checked exactly. */
const TIMED = itemById(2);
const TIMED_SECONDS = 600;
/** An item with no known length: it never counts as complete. */
const UNTIMED = itemById(11);

beforeAll(async () => {
  t = await createTestApp();
  // Before any content call, so the catalogue is read with these lengths.
  await t.database.db.update(contentItems).set({ durationSeconds: TIMED_SECONDS }).where(eq(contentItems.id, TIMED.id));
  await t.database.db.update(contentItems).set({ durationSeconds: null }).where(eq(contentItems.id, UNTIMED.id));
  alice = await registerMember(t.app, t.database, { name: "Alice" });
  bob = await registerMember(t.app, t.database, { name: "Bob" });
});
afterAll(async () => t.close());

const get = (url: string, token: string) => getAs(t.app, token, url);
const send = (method: "POST" | "DELETE", url: string, token: string, payload?: unknown) => sendAs(t.app, token, method, url, payload);
const ids = (cards: { id: number }[]) => cards.map((card) => card.id);
const ref = (id: number) => ({ id, model: itemById(id).model });
const favourite = (token: string, id: number) => send("POST", "/api/v1/user/favorite", token, ref(id));
const play = (token: string, id: number) => send("POST", "/api/v1/user/history", token, ref(id));
const detail = async (token: string, id: number) => {
  const res = await get(`/api/v1/${itemById(id).model}/${id}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

const MINUTE = 60_000;
/** A UTC time to the second, `ms` from now. */
const at = (ms: number) => toUtcSecond(new Date(Date.now() + ms));
/** 08:00:00Z `days` days ago, plus minutes. */
const dayAt = (daysAgo: number, minutes = 0) => {
  const midnight = new Date();
  midnight.setUTCHours(0, 0, 0, 0);
  return toUtcSecond(new Date(midnight.getTime() - daysAgo * DAY_MS + 8 * 60 * MINUTE + minutes * MINUTE));
};
const report = (token: string, body: Record<string, unknown>) => send("POST", "/api/v1/user/sessions", token, body);
/** A member whose account is older than the sessions reported here, so each is believed (decision 054). */
const listener = async (name: string): Promise<Member> => {
  const member = await registerMember(t.app, t.database, { name });
  await openedDaysAgo(t.database, member.id, 30);
  return member;
};
const statistics = async (token: string) => {
  const res = await get("/api/v1/user/sessions", token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe("favourites: POST/DELETE /api/v1/user/favorite, GET /api/v1/favorite", () => {
  it("adds, lists latest first, and removes", async () => {
    const member = await registerMember(t.app, t.database, { name: "Fav" });
    expect((await get("/api/v1/favorite", member.token)).json()).toEqual({ data: [] });

    const first = await favourite(member.token, 1);
    expect(first.statusCode).toBe(200);
    // A first favourite earns its badge, once.
    expect(first.json()).toEqual({
      data: { id: 1, model: itemById(1).model, favorite: true },
      earned: [{ machine_name: "add_a_favorite", name: "First Favourite", description: expect.any(String) }],
    });
    const course = listedItems.find((item) => item.model === "meditation-sleep-course")!;
    expect((await favourite(member.token, course.id)).statusCode).toBe(200);
    const list = (await get("/api/v1/favorite?t=5", member.token)).json().data;
    expect(ids(list)).toEqual([course.id, 1]);
    expect(list.every((card: { favorite: boolean }) => card.favorite)).toBe(true);
    expect(list[0]).toMatchObject({ model: course.model, name: course.name, amount_lessons: course.children!.length });

    const removed = await send("DELETE", "/api/v1/user/favorite", member.token, ref(1));
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: { id: 1, model: itemById(1).model, favorite: false } });
    expect(ids((await get("/api/v1/favorite", member.token)).json().data)).toEqual([course.id]);
    // Removing again changes nothing and is no error.
    expect((await send("DELETE", "/api/v1/user/favorite", member.token, ref(1))).statusCode).toBe(200);
    expect(ids((await get("/api/v1/favorite", member.token)).json().data)).toEqual([course.id]);
  });

  it("adding twice keeps one favourite", async () => {
    const member = await registerMember(t.app, t.database, { name: "Twice" });
    expect((await favourite(member.token, 4)).statusCode).toBe(200);
    const again = await favourite(member.token, 4);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.favorite).toBe(true);
    expect(ids((await get("/api/v1/favorite", member.token)).json().data)).toEqual([4]);
    expect(await t.database.db.select().from(favorites).where(eq(favorites.userId, member.id))).toHaveLength(1);
  });

  it("shows the flag on cards and on the item", async () => {
    const member = await registerMember(t.app, t.database, { name: "Flags" });
    const item = itemById(3);
    expect((await detail(member.token, item.id)).favorite).toBe(false);
    await favourite(member.token, item.id);
    expect((await detail(member.token, item.id)).favorite).toBe(true);
    const cards = (await get(`/api/v1/${item.model}?per_page=100`, member.token)).json().data;
    expect(cards.filter((card: { favorite: boolean }) => card.favorite).map((card: { id: number }) => card.id)).toEqual([item.id]);
    await send("DELETE", "/api/v1/user/favorite", member.token, ref(item.id));
    expect((await detail(member.token, item.id)).favorite).toBe(false);
  });

  it("never shows one member's favourites to another", async () => {
    await favourite(alice.token, 5);
    await favourite(alice.token, 6);
    expect(ids((await get("/api/v1/favorite", alice.token)).json().data)).toEqual(expect.arrayContaining([5, 6]));
    expect(ids((await get("/api/v1/favorite", bob.token)).json().data)).not.toContain(5);
    expect((await detail(bob.token, 5)).favorite).toBe(false);
    // Bob removing Alice's favourite item removes nothing of hers.
    expect((await send("DELETE", "/api/v1/user/favorite", bob.token, ref(5))).statusCode).toBe(200);
    expect(ids((await get("/api/v1/favorite", alice.token)).json().data)).toContain(5);
  });

  it("answers 422 with a message per field for missing or invalid fields", async () => {
    const missing = await send("POST", "/api/v1/user/favorite", alice.token, {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(["id", "model"]);
    expect(missing.json().errors.model).toEqual(["The model field is required."]);
    expect(missing.json().message).toMatch(/ \(and 1 more error\)$/);

    const wrong = await send("POST", "/api/v1/user/favorite", alice.token, { id: "abc", model: "podcast" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ id: ["The id must be a number."], model: ["The selected model is invalid."] });

    for (const id of [-1, 0, 1.5]) {
      const res = await send("DELETE", "/api/v1/user/favorite", alice.token, { id, model: "cbt" });
      expect(res.statusCode, String(id)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(["id"]);
    }
  });

  it("says a missing id is required", async () => {
    const missing = await send("POST", "/api/v1/user/favorite", alice.token, { model: "cbt" });
    expect(missing.json().errors).toEqual({ id: ["The id field is required."] });
  });

  it("answers 404 for an unknown id or an id of another model, and keeps nothing", async () => {
    const member = await registerMember(t.app, t.database, { name: "Wrong" });
    const unknown = await send("POST", "/api/v1/user/favorite", member.token, { id: 999999, model: "cbt" });
    expect(unknown.statusCode).toBe(404);
    const otherModel = await send("POST", "/api/v1/user/favorite", member.token, { id: 1, model: "cbt" });
    expect(otherModel.statusCode).toBe(404);
    expect((await send("DELETE", "/api/v1/user/favorite", member.token, { id: 1, model: "cbt" })).statusCode).toBe(404);
    expect((await get("/api/v1/favorite", member.token)).json().data).toEqual([]);
  });

  it("refuses oversized, non-JSON and broken bodies without a 5xx", async () => {
    const huge = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/favorite",
      headers: { ...bearer(alice.token), "content-type": "application/json" },
      payload: JSON.stringify({ id: 1, model: "meditation-sleep", padding: "x".repeat(1_100_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: "The request body is too large." });
    const text = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/favorite",
      headers: { ...bearer(alice.token), "content-type": "text/plain" },
      payload: "1",
    });
    expect(text.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/favorite",
      headers: { ...bearer(alice.token), "content-type": "application/json" },
      payload: "{",
    });
    expect(broken.statusCode).toBe(400);
  });

  it("answers 401 without a token", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/v1/user/favorite", payload: ref(1) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/v1/favorite" })).statusCode).toBe(401);
  });
});

describe("history: POST /api/v1/user/history, GET /api/v1/recently-played", () => {
  it("records a play with 201 and lists plays latest first, a repeat moving to the front", async () => {
    const member = await registerMember(t.app, t.database, { name: "Player" });
    const first = await play(member.token, 1);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ id: 1, model: itemById(1).model });
    expect(first.json().data.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Math.abs(Date.parse(first.json().data.at) - Date.now())).toBeLessThan(60_000);

    await play(member.token, 2);
    await play(member.token, 3);
    expect(ids((await get("/api/v1/recently-played", member.token)).json().data)).toEqual([3, 2, 1]);
    await play(member.token, 1);
    expect(ids((await get("/api/v1/recently-played?t=9", member.token)).json().data)).toEqual([1, 3, 2]);
  });

  it("marks the item as watched", async () => {
    const member = await registerMember(t.app, t.database, { name: "Watcher" });
    expect((await detail(member.token, 7)).watched).toBe(false);
    await play(member.token, 7);
    expect((await detail(member.token, 7)).watched).toBe(true);
    expect((await detail(bob.token, 7)).watched).toBe(false);
  });

  it("keeps each member's history to themselves", async () => {
    const member = await registerMember(t.app, t.database, { name: "Private" });
    await play(member.token, 9);
    const others = await registerMember(t.app, t.database, { name: "Other" });
    expect((await get("/api/v1/recently-played", others.token)).json().data).toEqual([]);
    expect(ids((await get("/api/v1/recently-played", member.token)).json().data)).toEqual([9]);
  });

  it("answers 422 and 404 for bad references", async () => {
    const missing = await send("POST", "/api/v1/user/history", alice.token, { model: "cbt" });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(["id"]);
    expect((await send("POST", "/api/v1/user/history", alice.token, { id: 1, model: "cbt" })).statusCode).toBe(404);
    expect((await send("POST", "/api/v1/user/history", alice.token, { id: 999999, model: "cbt" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/v1/recently-played" })).statusCode).toBe(401);
  });
});

describe("POST /api/v1/user/views", () => {
  it("records each view with 201", async () => {
    const member = await registerMember(t.app, t.database, { name: "Viewer" });
    for (let i = 0; i < 2; i++) {
      const res = await send("POST", "/api/v1/user/views", member.token, ref(4));
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ id: 4, model: itemById(4).model });
    }
    const rows = await t.database.db.select().from(contentViews).where(eq(contentViews.userId, member.id));
    expect(rows.map((row) => row.itemId)).toEqual([4, 4]);
    expect((await send("POST", "/api/v1/user/views", member.token, { id: 4, model: "cbt" })).statusCode).toBe(404);
    expect((await send("POST", "/api/v1/user/views", member.token, { id: "x", model: "cbt" })).statusCode).toBe(422);
  });
});

describe("listening sessions: POST/GET /api/v1/user/sessions", () => {
  it("keeps a valid report and answers its length in seconds", async () => {
    const member = await listener("Listener");
    const body = { start_session: at(-10 * MINUTE), end_session: at(-5 * MINUTE) };
    const res = await report(member.token, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ ...body, seconds: 300 });
    expect(res.json().data.id).toEqual(expect.any(String));
    const withItem = await report(member.token, { start_session: at(-4 * MINUTE), end_session: at(-3 * MINUTE), ...ref(1) });
    expect(withItem.statusCode).toBe(201);
    const stored = await t.database.db.select().from(listeningSessions).where(eq(listeningSessions.userId, member.id));
    expect(stored.map((row) => row.itemId).sort()).toEqual([1, null].sort());
  });

  it("answers 422 with messages under the field for bad times", async () => {
    const member = await registerMember(t.app, t.database, { name: "Clock" });
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ start_session: "2026-01-01T08:00:00+01:00", end_session: at(-MINUTE) }, "start_session", /UTC time to the second/],
      [{ start_session: at(-2 * MINUTE), end_session: at(-MINUTE).replace("Z", ".000Z") }, "end_session", /UTC time to the second/],
      [{ start_session: at(-2 * MINUTE).replace("T", " "), end_session: at(-MINUTE) }, "start_session", /UTC time to the second/],
      [
        { start_session: at(-MINUTE), end_session: at(-2 * MINUTE) },
        "end_session",
        "The end session must be a time after the start session.",
      ],
      [{ start_session: at(-25 * 60 * MINUTE), end_session: at(-MINUTE) }, "end_session", "A session may not be longer than 24 hours."],
      [{ start_session: at(-MINUTE), end_session: at(60 * MINUTE) }, "end_session", "The end session may not be in the future."],
      [{ start_session: "2026-13-01T00:00:00Z", end_session: at(-MINUTE) }, "start_session", "The start session is not a valid date."],
      [{ start_session: "2026-02-30T08:00:00Z", end_session: at(-MINUTE) }, "start_session", "The start session is not a valid date."],
      [
        { start_session: "0000-01-01T00:00:00Z", end_session: "0000-01-01T00:10:00Z" },
        "start_session",
        "The start session may not be before 2000-01-01.",
      ],
      [{ start_session: at(-2 * MINUTE), end_session: "2026-01-05T24:00:00Z" }, "end_session", "The end session is not a valid date."],
      [{ end_session: at(-MINUTE) }, "start_session", "The start session field is required."],
      [{ start_session: 5, end_session: at(-MINUTE) }, "start_session", "The start session must be a string."],
    ];
    for (const [body, field, message] of cases) {
      const res = await report(member.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const errors = res.json().errors;
      expect(Object.keys(errors), JSON.stringify(body)).toEqual([field]);
      if (typeof message === "string") expect(errors[field]).toEqual([message]);
      else expect(errors[field][0]).toMatch(message);
    }
    expect((await statistics(member.token)).total_sessions).toBe(0);
  });

  it("answers 401 before reading the body when there is no token", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/v1/user/sessions", payload: {} });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/v1/screen/unknown" })).statusCode).toBe(401);
  });

  it("wants an id and a model together, of an item that exists", async () => {
    const member = await registerMember(t.app, t.database, { name: "Pairs" });
    const times = { start_session: at(-3 * MINUTE), end_session: at(-2 * MINUTE) };
    const noModel = await report(member.token, { ...times, id: 1 });
    expect(noModel.statusCode).toBe(422);
    expect(noModel.json().errors).toEqual({ model: ["The model field is required when id is present."] });
    const noId = await report(member.token, { ...times, model: "cbt" });
    expect(noId.statusCode).toBe(422);
    expect(noId.json().errors).toEqual({ id: ["The id field is required when model is present."] });
    expect((await report(member.token, { ...times, id: 1, model: "cbt" })).statusCode).toBe(404);
    expect((await statistics(member.token)).total_sessions).toBe(0);
  });

  it("counts sessions, minutes, days and the longest session, for the member only", async () => {
    const member = await listener("Stats");
    expect(await statistics(member.token)).toMatchObject({
      mindful_days: 0,
      total_sessions: 0,
      mindful_minutes: 0,
      longest_streak: 0,
      total_streak: 0,
      longest_minute_session: 0,
      time_zone: "UTC",
      year_seconds: new Array(365).fill(0),
    });
    // Three days ago 20 min 30 s, two days ago 10 min and 5 min.
    expect((await report(member.token, { start_session: dayAt(3), end_session: dayAt(3, 20.5) })).statusCode).toBe(201);
    expect((await report(member.token, { start_session: dayAt(2), end_session: dayAt(2, 10) })).statusCode).toBe(201);
    expect((await report(member.token, { start_session: dayAt(2, 30), end_session: dayAt(2, 35) })).statusCode).toBe(201);
    expect(await statistics(member.token)).toMatchObject({
      mindful_days: 2,
      total_sessions: 3,
      mindful_minutes: 35,
      longest_streak: 2,
      total_streak: 0,
      longest_minute_session: 20,
    });
    // Another member's listening is never counted.
    const other = await listener("Neighbour");
    await report(other.token, { start_session: dayAt(1), end_session: dayAt(1, 90) });
    expect((await statistics(member.token)).total_sessions).toBe(3);
    expect(await statistics(other.token)).toMatchObject({
      total_sessions: 1,
      mindful_minutes: 90,
      longest_minute_session: 90,
      total_streak: 1,
    });
  });

  it("marks an item complete after one session of at least 80% of its length", async () => {
    const member = await listener("Finisher");
    expect((await detail(member.token, TIMED.id)).duration).toBe(TIMED_SECONDS / 60);
    const short = 0.8 * TIMED_SECONDS - 1;
    const listened = (seconds: number, endedAgoMs: number) =>
      report(member.token, { start_session: at(-seconds * 1000 - endedAgoMs), end_session: at(-endedAgoMs), ...ref(TIMED.id) });
    expect((await listened(short, 40 * MINUTE)).statusCode).toBe(201);
    expect((await detail(member.token, TIMED.id)).complete).toBe(false);
    // Two short sessions do not add up: one has to be long enough.
    expect((await listened(short, 25 * MINUTE)).statusCode).toBe(201);
    expect((await detail(member.token, TIMED.id)).complete).toBe(false);
    expect((await listened(0.8 * TIMED_SECONDS, MINUTE)).statusCode).toBe(201);
    expect((await detail(member.token, TIMED.id)).complete).toBe(true);
    // Only for the member who listened.
    expect((await detail(bob.token, TIMED.id)).complete).toBe(false);
  });

  it("never marks an item without a known length complete", async () => {
    const member = await listener("Untimed");
    expect((await detail(member.token, UNTIMED.id)).duration).toBeNull();
    const res = await report(member.token, { start_session: at(-3 * 60 * MINUTE), end_session: at(-MINUTE), ...ref(UNTIMED.id) });
    expect(res.statusCode, res.body).toBe(201);
    expect((await detail(member.token, UNTIMED.id)).complete).toBe(false);
  });

  it("answers 401 without a token", async () => {
    expect((await t.app.inject({ url: "/api/v1/user/sessions" })).statusCode).toBe(401);
    const valid = { start_session: at(-2 * MINUTE), end_session: at(-MINUTE) };
    expect((await t.app.inject({ method: "POST", url: "/api/v1/user/sessions", payload: valid })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/v1/user/sessions", headers: bearer("nope"), payload: valid })).statusCode).toBe(
      401,
    );
  });
});

describe("GET /api/v1/recommendation", () => {
  it("prefers the member's goal and leaves out what they played", async () => {
    const member = await registerMember(t.app, t.database, { name: "Sleeper" });
    await setGoal(t.database, member.id, "SLEEP_BETTER");
    const forGoal = listedItems.filter((item) => item.goal === "SLEEP_BETTER").map((item) => item.id);
    expect(forGoal.length).toBeGreaterThan(3);

    const res = await get("/api/v1/recommendation?t=1", member.token);
    expect(res.statusCode).toBe(200);
    const first = ids(res.json().data);
    expect(first.length).toBeGreaterThan(forGoal.length);
    expect(first.slice(0, forGoal.length).sort((a, b) => a - b)).toEqual(forGoal);

    await play(member.token, forGoal[0]!);
    const after = ids((await get("/api/v1/recommendation", member.token)).json().data);
    expect(after).not.toContain(forGoal[0]);
    expect(after.slice(0, forGoal.length - 1).sort((a, b) => a - b)).toEqual(forGoal.slice(1));
  });

  it("answers items for a member without a goal, and never course sessions", async () => {
    const member = await registerMember(t.app, t.database, { name: "NoGoal" });
    const data = (await get("/api/v1/recommendation", member.token)).json().data;
    expect(data.length).toBeGreaterThan(0);
    const listed = new Set(listedItems.map((item) => item.id));
    for (const card of data) expect(listed.has(card.id)).toBe(true);
    expect((await t.app.inject({ url: "/api/v1/recommendation" })).statusCode).toBe(401);
  });

  it("a different goal gives a different head of the list", async () => {
    const member = await registerMember(t.app, t.database, { name: "Energetic" });
    await setGoal(t.database, member.id, "INCREASE_ENERGY");
    const head = ids((await get("/api/v1/recommendation", member.token)).json().data).slice(0, 2);
    const rows = await t.database.db
      .select({ id: contentItems.id, goal: contentItems.goal })
      .from(contentItems)
      .where(inArray(contentItems.id, head));
    expect(rows.map((row) => row.goal)).toEqual(["INCREASE_ENERGY", "INCREASE_ENERGY"]);
  });
});
