import { ACHIEVEMENT_NAMES, DAY_MS, toUtcSecond } from "@serene/domain";
import { contentItems } from "@serene/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices, type Services } from "../../app.ts";
import { RATE_LIMITS } from "../../plugins/rate-limit.ts";
import { bearer, randomIp, registerMember, rows, type Member, subscribe } from "../../test/accounts.ts";
import { getAs, itemById, openedDaysAgo, sendAs } from "../../test/content.ts";
import { createTestApp, testConfig, type TestApp } from "../../test/test-app.ts";

/** Every item lasts two minutes here, so "complete" (80% in one go) is 96 seconds. */
const LENGTH = 120;
const COMPLETE = 96;

let t: TestApp;
let services: Services;
beforeAll(async () => {
  t = await createTestApp();
  // Before any content call, so the catalogue is read with these lengths.
  await t.database.db.update(contentItems).set({ durationSeconds: LENGTH });
  // A second set of services on the same database: the awarding the routes use, called directly.
  services = createServices({ config: testConfig(), database: t.database });
});
afterAll(async () => {
  await services.close();
  await t.close();
});

const MINUTE = 60_000;
const ref = (id: number) => ({ id, model: itemById(id).model });
const send = (token: string, url: string, payload?: unknown) => sendAs(t.app, token, "POST", `/api/v1${url}`, payload);
const favourite = (member: Member, id = 1) => send(member.token, "/user/favorite", ref(id));
const note = (member: Member) => send(member.token, "/user/notes", { title: "Tonight", content: "Slept well after the body scan." });
const share = (member: Member, id = 1) =>
  t.app.inject({ method: "POST", url: "/api/v1/user/shares", headers: bearer(member.token), payload: ref(id), remoteAddress: randomIp() });
/**
 * A member who has been with us for forty days, so the sessions of past days reported here are believed (decision
 * 054); with `subscribed`, one whose subscription opened locked items all that time.
 */
const listener = async ({ subscribed = false } = {}) => {
  const member = await registerMember(t.app, t.database);
  await openedDaysAgo(t.database, member.id, 40);
  if (subscribed) await subscribe(t.database, member.id, { startedAt: new Date(Date.now() - 40 * DAY_MS) });
  return member;
};
/** When the next session without a time of its own ends: each one a few minutes before the last, so none overlap. */
let nextEndAgoMs = MINUTE;
/** A session that ended `endedAgoMs` ago (else before every other one) and lasted `seconds`, optionally of an item. */
const listen = (member: Member, seconds: number, id?: number, endedAgoMs?: number) => {
  if (endedAgoMs === undefined) {
    endedAgoMs = nextEndAgoMs;
    nextEndAgoMs += seconds * 1000 + MINUTE;
  }
  const end = Date.now() - endedAgoMs;
  return send(member.token, "/user/sessions", {
    start_session: toUtcSecond(new Date(end - seconds * 1000)),
    end_session: toUtcSecond(new Date(end)),
    ...(id === undefined ? {} : ref(id)),
  });
};
const earnedBy = (res: { statusCode: number; body: string; json(): { earned?: { machine_name: string }[] } }) => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return (res.json().earned ?? []).map((badge) => badge.machine_name);
};
const achievements = async (member: Member) => {
  const res = await getAs(t.app, member.token, "/api/v1/user/achievements?t=1");
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { machine_name: string; name: string; isReceived: boolean; isLast: boolean; received_at: string | null }[];
};
const held = async (member: Member) =>
  (
    await rows<{ machine_name: string }>(t.database, "select machine_name from member_achievements where user_id = $1 order by 1", [
      member.id,
    ])
  ).map((row) => row.machine_name);

describe("GET /api/v1/user/achievements", () => {
  it("lists all fourteen in catalogue order, none received, for a new member", async () => {
    const member = await registerMember(t.app, t.database);
    const list = await achievements(member);
    expect(list.map((badge) => badge.machine_name)).toEqual(ACHIEVEMENT_NAMES);
    for (const badge of list) {
      expect(badge).toEqual({
        name: expect.any(String),
        machine_name: badge.machine_name,
        description: expect.any(String),
        isReceived: false,
        isLast: false,
        received_at: null,
      });
    }
  });

  it("needs a live token (401), and answers no-store", async () => {
    expect((await t.app.inject({ url: "/api/v1/user/achievements" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/v1/user/achievements", headers: bearer("nope") })).statusCode).toBe(401);
    const member = await registerMember(t.app, t.database);
    expect((await getAs(t.app, member.token, "/api/v1/user/achievements")).headers["cache-control"]).toBe("no-store");
  });

  it("marks received badges with their time, and exactly one as the last", async () => {
    const member = await registerMember(t.app, t.database);
    expect(earnedBy(await favourite(member))).toEqual(["add_a_favorite"]);
    let list = await achievements(member);
    const first = list.find((badge) => badge.machine_name === "add_a_favorite")!;
    expect(first).toMatchObject({ isReceived: true, isLast: true, received_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
    expect(list.filter((badge) => badge.isReceived)).toHaveLength(1);

    // Time itself is the point: the second badge is received at a later instant than the first. fixed-wait-ok
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(earnedBy(await note(member))).toEqual(["note_taker"]);
    list = await achievements(member);
    expect(list.filter((badge) => badge.isLast).map((badge) => badge.machine_name)).toEqual(["note_taker"]);
    expect(list.filter((badge) => badge.isReceived).map((badge) => badge.machine_name)).toEqual(["add_a_favorite", "note_taker"]);
  });

  it("breaks a tie of received times by the later place in the catalogue", async () => {
    const member = await registerMember(t.app, t.database);
    await t.database.executeSql(
      `insert into member_achievements (user_id, machine_name, received_at) values ($1, 'the_basics', $2), ($1, 'add_a_favorite', $2), ($1, 'note_taker', $2)`,
      [member.id, "2026-01-01T10:00:00Z"],
    );
    const list = await achievements(member);
    expect(list.filter((badge) => badge.isLast).map((badge) => badge.machine_name)).toEqual(["the_basics"]);
    expect(list.find((badge) => badge.machine_name === "note_taker")!.received_at).toBe("2026-01-01T10:00:00.000Z");
  });
});

describe("awarding after each write", () => {
  it("a favourite, a note and three complete sessions: First Favourite, Note Taker, First Meditation, then The Basics", async () => {
    const member = await listener();
    expect(earnedBy(await favourite(member))).toEqual(["add_a_favorite"]);
    // Again, or another item: nothing new.
    expect(earnedBy(await favourite(member))).toEqual([]);
    expect(earnedBy(await favourite(member, 2))).toEqual([]);
    expect(earnedBy(await note(member))).toEqual(["note_taker"]);
    expect(earnedBy(await note(member))).toEqual([]);
    // Not complete: one second short of 80% in one go.
    expect(earnedBy(await listen(member, COMPLETE - 1, 1))).toEqual([]);
    expect(earnedBy(await listen(member, COMPLETE, 1))).toEqual(["first_single"]);
    // The same item again is not a second completed session.
    expect(earnedBy(await listen(member, LENGTH, 1))).toEqual([]);
    expect(earnedBy(await listen(member, LENGTH, 2))).toEqual([]);
    expect(earnedBy(await listen(member, LENGTH, 20))).toEqual(["first_therapy", "the_basics"]);
    expect(await held(member)).toEqual(["add_a_favorite", "first_single", "first_therapy", "note_taker", "the_basics"].sort());
  });

  it("a CBT course session, then the whole course: Course Starter, First CBT Session, CBT Graduate", async () => {
    // The course's later sessions are for subscribers.
    const member = await listener({ subscribed: true });
    const course = itemById(37);
    const [firstSession, ...rest] = course.children!;
    expect(earnedBy(await listen(member, LENGTH, firstSession))).toEqual(["first_course_session", "first_therapy"]);
    for (const id of rest.slice(0, -1)) expect(earnedBy(await listen(member, LENGTH, id))).toEqual([]);
    expect(earnedBy(await listen(member, LENGTH, rest.at(-1)))).toEqual(["cbt_healed"]);
  });

  it("a meditation inside a course is a course session, not a first single meditation", async () => {
    const member = await listener();
    expect(earnedBy(await listen(member, LENGTH, itemById(26).children![0]))).toEqual(["first_course_session"]);
  });

  it("sleepcasts: First Sleepcast, and Deep Sleeper on the fifth night", async () => {
    // Sleepcasts 8 and 9 are for subscribers.
    const member = await listener({ subscribed: true });
    expect(earnedBy(await listen(member, LENGTH, 7, 5 * DAY_MS))).toEqual(["first_sleep"]);
    // The same night again does not count twice.
    expect(earnedBy(await listen(member, LENGTH, 7, 5 * DAY_MS - 3 * MINUTE))).toEqual([]);
    for (const night of [4, 3, 2]) expect(earnedBy(await listen(member, LENGTH, 8, night * DAY_MS))).toEqual([]);
    expect(earnedBy(await listen(member, LENGTH, 9, DAY_MS))).toEqual(["deep_sleeper"]);
  });

  it("an hour of music and soundscapes: Music Lover", async () => {
    // Soundscape 43 is for subscribers. The player repeats music and soundscapes, so a session may outlast the item.
    const member = await listener({ subscribed: true });
    expect(earnedBy(await listen(member, 30 * 60, 42, 2 * 60 * MINUTE))).toEqual([]);
    expect(earnedBy(await listen(member, 29 * 60 + 59, 43, 60 * MINUTE))).toEqual([]);
    expect(earnedBy(await listen(member, 1, 45))).toEqual(["music_lover"]);
  });

  it("seven and thirty days in a row: Daily Practice and Month of Calm", async () => {
    const member = await listener();
    for (let day = 30; day >= 25; day--) expect(earnedBy(await listen(member, 300, undefined, day * DAY_MS))).toEqual([]);
    expect(earnedBy(await listen(member, 300, undefined, 24 * DAY_MS))).toEqual(["daily"]);
    for (let day = 23; day >= 2; day--) expect(earnedBy(await listen(member, 300, undefined, day * DAY_MS))).toEqual([]);
    expect(earnedBy(await listen(member, 300, undefined, DAY_MS))).toEqual(["month_of_calm"]);
  });

  it("a completed workbook (an entry): Reflective Writer, awarded by the service the workbook call uses", async () => {
    const member = await registerMember(t.app, t.database);
    expect(await services.achievements.award(member.id)).toEqual([]);
    await t.database.executeSql("insert into workbook_entries (user_id, workbook_id, answers) values ($1, 1, '{}'::jsonb)", [member.id]);
    expect(await services.achievements.award(member.id)).toEqual([
      { machine_name: "first_worksheet", name: "Reflective Writer", description: expect.any(String) },
    ]);
    expect(await services.achievements.award(member.id)).toEqual([]);
  });

  it("keeps a badge once however many calls race for it", async () => {
    const member = await registerMember(t.app, t.database);
    await t.database.executeSql("insert into favorites (user_id, item_id) values ($1, 1)", [member.id]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => services.achievements.award(member.id)));
    expect(answers.flat().map((badge) => badge.machine_name)).toEqual(["add_a_favorite"]);
    expect(await held(member)).toEqual(["add_a_favorite"]);

    // Through the API: concurrent favourites and notes each earn their badge in exactly one answer.
    const other = await registerMember(t.app, t.database);
    const responses = await Promise.all([1, 2, 3, 4].flatMap((id) => [favourite(other, id), note(other)]));
    const earned = responses.flatMap(earnedBy).sort();
    expect(earned).toEqual(["add_a_favorite", "note_taker"]);
    expect(await held(other)).toEqual(["add_a_favorite", "note_taker"]);
  });

  it("never takes a badge back when what earned it is undone", async () => {
    const member = await registerMember(t.app, t.database);
    await favourite(member);
    expect((await sendAs(t.app, member.token, "DELETE", "/api/v1/user/favorite", ref(1))).statusCode).toBe(200);
    expect(await held(member)).toEqual(["add_a_favorite"]);
    expect(earnedBy(await favourite(member))).toEqual([]);
  });

  it("counts only the member's own activity", async () => {
    const busy = await registerMember(t.app, t.database);
    const quiet = await registerMember(t.app, t.database);
    await favourite(busy);
    await note(busy);
    await share(busy);
    expect(await services.achievements.award(quiet.id)).toEqual([]);
    expect((await achievements(quiet)).some((badge) => badge.isReceived)).toBe(false);
  });
});

describe("POST /api/v1/user/shares", () => {
  it("records the share (201) and earns Kind Sharer once", async () => {
    const member = await registerMember(t.app, t.database);
    const res = await share(member, 20);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      data: { id: 20, model: "cbt", at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) },
      earned: [{ machine_name: "influencer", name: expect.any(String), description: expect.any(String) }],
    });
    expect(earnedBy(await share(member, 20))).toEqual([]);
    expect(await rows(t.database, "select item_id from content_shares where user_id = $1", [member.id])).toEqual([
      { item_id: 20 },
      { item_id: 20 },
    ]);
  });

  it.each([
    ["nothing", {}, 422, ["id", "model"]],
    ["an unknown model", { id: 1, model: "podcast" }, 422, ["model"]],
    ["an id that is not a number", { id: "one", model: "cbt" }, 422, ["id"]],
  ])("refuses %s with %i", async (_case, body, status, fields) => {
    const member = await registerMember(t.app, t.database);
    const res = await t.app.inject({ method: "POST", url: "/api/v1/user/shares", headers: bearer(member.token), payload: body });
    expect(res.statusCode, res.body).toBe(status);
    expect(Object.keys(res.json().errors).sort()).toEqual(fields);
    expect(await rows(t.database, "select 1 from content_shares where user_id = $1", [member.id])).toEqual([]);
  });

  it("answers 404 for an unknown item or one of another model, and keeps nothing", async () => {
    const member = await registerMember(t.app, t.database);
    expect((await send(member.token, "/user/shares", { id: 99_999, model: "cbt" })).statusCode).toBe(404);
    expect((await send(member.token, "/user/shares", { id: 1, model: "cbt" })).statusCode).toBe(404);
    expect(await rows(t.database, "select 1 from content_shares where user_id = $1", [member.id])).toEqual([]);
  });

  it("needs a token (401) and holds back a loop (429 with Retry-After)", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/v1/user/shares", payload: ref(1) })).statusCode).toBe(401);
    const member = await registerMember(t.app, t.database);
    for (let n = 0; n < RATE_LIMITS.share.account.points; n++) expect((await share(member)).statusCode).toBe(201);
    const refused = await share(member);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});
