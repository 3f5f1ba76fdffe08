import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMember, rows, type Member } from "../../test/accounts.ts";
import { catalogue, findItem, getAs, listedItems, sendAs } from "../../test/content.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/** PUT/GET/DELETE /user/positions/{id} and GET /user/continue (decision 043), on PGlite and PostgreSQL. */
let t: TestApp;
let alice: Member;
let bob: Member;
beforeAll(async () => {
  t = await createTestApp();
  alice = await registerMember(t.app, t.database, { name: "Alice" });
  bob = await registerMember(t.app, t.database, { name: "Bob" });
});
afterAll(async () => t.close());

const single = listedItems.find((item) => item.model === "meditation-sleep" && !item.children?.length)!;
const other = listedItems.find((item) => item.model === "cbt" && !item.children?.length)!;
const course = findItem((item) => item.model === "meditation-sleep-course" && (item.children?.length ?? 0) > 1, "a course");
const session = catalogue.items.find((item) => item.id === course.children![1])!;
const music = findItem((item) => item.model === "music-soundscape" && !item.children?.length, "a soundscape");

const put = (member: Member, id: number | string, body: unknown) =>
  sendAs(t.app, member.token, "PUT", `/api/v1/user/positions/${id}`, body);
const place = (member: Member, id: number | string) => getAs(t.app, member.token, `/api/v1/user/positions/${id}`);
const forget = (member: Member, id: number | string) => sendAs(t.app, member.token, "DELETE", `/api/v1/user/positions/${id}`);
const continueList = async (member: Member) => {
  const res = await getAs(t.app, member.token, "/api/v1/user/continue?t=1");
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { item: { id: number }; session_id: number | null; position: number; duration: number; resume_at: number }[];
};

describe("the member's place in an item", () => {
  it("keeps, replaces and reads back the place, with where to continue from", async () => {
    const member = await registerMember(t.app, t.database);
    expect((await place(member, single.id)).json()).toEqual({ data: null });
    const saved = await put(member, single.id, { position: 125.4, duration: 900 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({
      id: single.id,
      position: 125.4,
      duration: 900,
      resume_at: 122,
      finished: false,
      updated_at: expect.stringMatching(/Z$/),
    });
    expect((await put(member, single.id, { position: 300, duration: 900 })).statusCode).toBe(200);
    expect((await place(member, single.id)).json().data).toMatchObject({ position: 300, resume_at: 297, finished: false });
    // Near the end: finished, and the player starts again.
    expect((await put(member, single.id, { position: 880, duration: 900 })).json().data).toMatchObject({ resume_at: null, finished: true });
    expect(await rows(t.database, "select 1 from listening_positions where user_id = $1", [member.id])).toHaveLength(1);
  });

  it("forgets the place when the member starts again", async () => {
    const member = await registerMember(t.app, t.database);
    await put(member, single.id, { position: 200, duration: 900 });
    const removed = await forget(member, single.id);
    expect(removed.statusCode).toBe(204);
    expect((await place(member, single.id)).json()).toEqual({ data: null });
    expect((await forget(member, single.id)).statusCode).toBe(204);
  });

  it("is each member's own: another member neither sees nor changes it", async () => {
    await put(alice, single.id, { position: 400, duration: 900 });
    expect((await place(bob, single.id)).json()).toEqual({ data: null });
    await put(bob, single.id, { position: 50, duration: 900 });
    expect((await forget(bob, single.id)).statusCode).toBe(204);
    expect((await place(alice, single.id)).json().data).toMatchObject({ position: 400 });
    expect((await continueList(bob)).map((entry) => entry.item.id)).not.toContain(single.id);
  });

  it("needs a token", async () => {
    expect(
      (await t.app.inject({ method: "PUT", url: `/api/v1/user/positions/${single.id}`, payload: { position: 1, duration: 2 } })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: "/api/v1/user/continue" })).statusCode).toBe(401);
  });
});

describe("bad places", () => {
  const cases: [string, unknown, Record<string, string[]>][] = [
    ["no body fields", {}, { position: ["The position field is required."], duration: ["The duration field is required."] }],
    ["text", { position: "ten", duration: 900 }, { position: ["The position must be a number."] }],
    ["null", { position: null, duration: 900 }, { position: ["The position field is required."] }],
    ["a negative place", { position: -1, duration: 900 }, { position: ["The position must be at least 0."] }],
    ["no length", { position: 0, duration: 0 }, { duration: ["The duration must be at least 1."] }],
    ["more than a day", { position: 10, duration: 90_000 }, { duration: ["The duration must not be greater than 86400."] }],
    ["past the end", { position: 950, duration: 900 }, { position: ["The position must not be greater than the duration."] }],
  ];
  it.each(cases)("%s: 422 under the field, and nothing kept", async (_label, body, errors) => {
    const member = await registerMember(t.app, t.database);
    const res = await put(member, single.id, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual(errors);
    expect(await rows(t.database, "select 1 from listening_positions where user_id = $1", [member.id])).toEqual([]);
  });

  it("an item that does not exist, a course's own card or a malformed id is 404", async () => {
    for (const id of [999_999, course.id, "abc", "0", "-4", "1.5"]) {
      expect((await put(alice, id, { position: 10, duration: 100 })).statusCode).toBe(404);
      expect((await place(alice, id)).statusCode).toBe(404);
      expect((await forget(alice, id)).statusCode).toBe(404);
    }
  });

  it("music and soundscapes loop and keep no place: 422 on id", async () => {
    const res = await put(alice, music.id, { position: 30, duration: 120 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ id: ["This item plays in a loop and keeps no place."] });
  });

  it("an oversized body is 413, not a 5xx", async () => {
    const res = await put(alice, single.id, { position: 1, duration: 10, padding: "x".repeat(2_000_000) });
    expect(res.statusCode).toBe(413);
  });
});

describe("GET /api/v1/user/continue", () => {
  it("lists unfinished items, latest first; a course's session as its course, once; finished and barely begun left out", async () => {
    const member = await registerMember(t.app, t.database);
    expect(await continueList(member)).toEqual([]);
    await put(member, single.id, { position: 200, duration: 900 });
    await put(member, other.id, { position: 5, duration: 900 }); // barely begun
    await put(member, course.children![0]!, { position: 100, duration: 600 });
    await put(member, session.id, { position: 240, duration: 600 }); // the course's later session, latest
    const list = await continueList(member);
    expect(list.map((entry) => [entry.item.id, entry.session_id, entry.resume_at])).toEqual([
      [course.id, session.id, 237],
      [single.id, null, 197],
    ]);
    expect(list[0]!.item).toMatchObject({ id: course.id, model: course.model, name: course.name });
    // Finishing the single takes it off the shelf.
    await put(member, single.id, { position: 899, duration: 900 });
    expect((await continueList(member)).map((entry) => entry.item.id)).toEqual([course.id]);
  });
});
