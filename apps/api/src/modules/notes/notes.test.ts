import { NOTE_CONTENT_MAX, NOTE_TITLE_MAX } from "@serene/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../plugins/rate-limit.ts";
import { bearer, randomIp, registerMember, rows, type Member } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
let alice: Member;
let bob: Member;
beforeAll(async () => {
  t = await createTestApp();
  alice = await registerMember(t.app, t.database, { name: "Alice" });
  bob = await registerMember(t.app, t.database, { name: "Bob" });
});
afterAll(async () => t.close());

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const NOT_FOUND = { message: "Note not found." };
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/user/notes${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: randomIp(),
  });
const write = async (member: Member, title: string, content = `About ${title}.`) => {
  const res = await call("POST", "", member.token, { title, content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; title: string; content: string; date: string; created_at: string; updated_at: string };
};
const notesOf = (member: Member) =>
  rows(t.database, "select id, title, content, updated_at from notes where user_id = $1 order by created_at, id", [member.id]);

describe("a member's notes", () => {
  it("writes a note (201), reads it, edits it and deletes it", async () => {
    const member = await registerMember(t.app, t.database);
    const created = await call("POST", "", member.token, { title: "  A calmer morning  ", content: "Breathe first.\n\nThen tea." });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers["cache-control"]).toBe("no-store");
    const note = created.json().data;
    expect(note).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: "A calmer morning",
      content: "Breathe first.\n\nThen tea.",
      date: expect.stringMatching(ISO_UTC),
      created_at: note.date,
      updated_at: expect.stringMatching(ISO_UTC),
    });

    const read = await call("GET", `/${note.id}?t=1700000000000`, member.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ data: note });
    // An id in capitals names the same note.
    expect((await call("GET", `/${note.id.toUpperCase()}`, member.token)).json()).toEqual({ data: note });

    const edited = await call("PUT", `/${note.id}`, member.token, { title: "A calm morning", content: "Tea, then breathe." });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ id: note.id, title: "A calm morning", content: "Tea, then breathe.", date: note.date });
    expect(edited.json().data.created_at).toBe(note.created_at);
    expect(Date.parse(edited.json().data.updated_at)).toBeGreaterThanOrEqual(Date.parse(note.updated_at));

    const deleted = await call("DELETE", `/${note.id}`, member.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: "Successfully deleted" });
    expect(await notesOf(member)).toEqual([]);
    for (const method of ["GET", "DELETE"] as const) {
      const again = await call(method, `/${note.id}`, member.token);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(NOT_FOUND);
    }
  });

  it("lists the member's own notes newest first, 20 a page, with Laravel paging facts", async () => {
    const member = await registerMember(t.app, t.database);
    const empty = await call("GET", "", member.token);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ data: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 } });

    const written: string[] = [];
    for (let n = 1; n <= 21; n++) written.push((await write(member, `Note ${n}`)).id);
    await write(bob, "Not on the member's list");

    const first = await call("GET", "", member.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().meta).toEqual({ current_page: 1, per_page: 20, total: 21, last_page: 2 });
    expect(first.json().data).toHaveLength(20);
    expect(first.json().data[0]).toMatchObject({ title: "Note 21", content: "About Note 21." });

    const second = await call("GET", "?page=2&t=123", member.token);
    expect(second.json().meta).toEqual({ current_page: 2, per_page: 20, total: 21, last_page: 2 });
    const listed = [...first.json().data, ...second.json().data].map((note: { id: string }) => note.id);
    expect(listed).toEqual([...written].reverse());

    const small = await call("GET", "?per_page=5&page=3", member.token);
    expect(small.json().meta).toEqual({ current_page: 3, per_page: 5, total: 21, last_page: 5 });
    expect(small.json().data.map((note: { title: string }) => note.title)).toEqual(["Note 11", "Note 10", "Note 9", "Note 8", "Note 7"]);

    const past = await call("GET", "?page=9", member.token);
    expect(past.json()).toEqual({ data: [], meta: { current_page: 9, per_page: 20, total: 21, last_page: 2 } });
  });

  it.each([
    ["per_page above 100", "?per_page=101", "per_page"],
    ["per_page 0", "?per_page=0", "per_page"],
    ["page 0", "?page=0", "page"],
    ["a page that is not a number", "?page=two", "page"],
  ])("answers %s with a 422 naming the parameter", async (_case, query, field) => {
    const res = await call("GET", query, alice.token);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });
});

describe("bad notes are refused and nothing is stored", () => {
  const tooLongTitle = `The title field must not be greater than ${NOTE_TITLE_MAX} characters.`;
  const tooLongContent = `The content field must not be greater than ${NOTE_CONTENT_MAX} characters.`;
  const cases: [string, unknown, Record<string, string[]>][] = [
    ["nothing", {}, { title: ["The title field is required."], content: ["The content field is required."] }],
    ["nulls", { title: null, content: null }, { title: ["The title field is required."], content: ["The content field is required."] }],
    ["empty text", { title: "", content: "" }, { title: ["The title field is required."], content: ["The content field is required."] }],
    [
      "blank text",
      { title: "   ", content: " \n\t " },
      { title: ["The title field is required."], content: ["The content field is required."] },
    ],
    ["a title too long", { title: "a".repeat(NOTE_TITLE_MAX + 1), content: "x" }, { title: [tooLongTitle] }],
    ["content too long", { title: "x", content: "b".repeat(NOTE_CONTENT_MAX + 1) }, { content: [tooLongContent] }],
    [
      "wrong types",
      { title: 42, content: ["a", "b"] },
      { title: ["The title field must be a string."], content: ["The content field must be a string."] },
    ],
    ["an object as title", { title: { text: "hi" }, content: "x" }, { title: ["The title field must be a string."] }],
  ];

  it.each(cases)("POST with %s: a Laravel-shaped 422 naming each field", async (_case, body, errors) => {
    const member = await registerMember(t.app, t.database);
    const res = await call("POST", "", member.token, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual(errors);
    expect(res.json().message.startsWith(Object.values(errors)[0]![0]!)).toBe(true);
    expect(await notesOf(member)).toEqual([]);
  });

  it.each(cases)("PUT with %s: the same 422, and the note is unchanged", async (_case, body, errors) => {
    const member = await registerMember(t.app, t.database);
    const note = await write(member, "Kept");
    const before = await notesOf(member);
    const res = await call("PUT", `/${note.id}`, member.token, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual(errors);
    expect(await notesOf(member)).toEqual(before);
  });

  it("takes exactly the longest title and content", async () => {
    const note = await write(alice, "t".repeat(NOTE_TITLE_MAX), "c".repeat(NOTE_CONTENT_MAX));
    expect(note.title).toHaveLength(NOTE_TITLE_MAX);
    expect(note.content).toHaveLength(NOTE_CONTENT_MAX);
  });

  it("ignores fields it does not know (an id, an owner, dates)", async () => {
    const res = await call("POST", "", alice.token, {
      title: "Mine",
      content: "Only mine.",
      id: UNKNOWN_ID,
      user_id: bob.id,
      created_at: "2000-01-01T00:00:00.000Z",
    });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json().data;
    expect(note.id).not.toBe(UNKNOWN_ID);
    expect(note.date).not.toBe("2000-01-01T00:00:00.000Z");
    expect(await rows(t.database, "select user_id from notes where id = $1", [note.id])).toEqual([{ user_id: alice.id }]);
  });

  it("refuses a body over the size limit with 413", async () => {
    const member = await registerMember(t.app, t.database);
    const res = await call("POST", "", member.token, { title: "Big", content: "x".repeat(70 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(typeof res.json().message).toBe("string");
    expect(await notesOf(member)).toEqual([]);
  });
});

describe("another member's note, an unknown id, a malformed id", () => {
  it("answer the same 404 for read, edit and delete, and nothing changes", async () => {
    const note = await write(alice, "Alice's own", "Private.");
    const before = await notesOf(alice);
    for (const id of [note.id, UNKNOWN_ID, "not-a-uuid", "1", "%20", "00000000-0000-4000-8000-00000000000g"]) {
      for (const [method, payload] of [
        ["GET", undefined],
        ["PUT", { title: "Taken", content: "Changed." }],
        ["DELETE", undefined],
      ] as const) {
        const res = await call(method, `/${id}`, bob.token, payload);
        expect(res.statusCode, `${method} ${id}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    }
    expect(await notesOf(alice)).toEqual(before);
    expect((await call("GET", "", bob.token)).json().data.map((n: { id: string }) => n.id)).not.toContain(note.id);
    expect((await call("GET", `/${note.id}`, alice.token)).statusCode).toBe(200);
  });
});

describe("access", () => {
  it("needs a live bearer token (401) on every call, before the body is read", async () => {
    const note = await write(alice, "Guarded");
    for (const [method, url] of [
      ["GET", ""],
      ["GET", `/${note.id}`],
      ["POST", ""],
      ["PUT", `/${note.id}`],
      ["DELETE", `/${note.id}`],
    ] as const) {
      for (const token of [undefined, "not-a-token"]) {
        const res = await call(method, url, token, method === "POST" || method === "PUT" ? {} : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: "Unauthenticated." });
      }
    }
    expect((await call("GET", `/${note.id}`, alice.token)).json().data.title).toBe("Guarded");
  });

  it(`takes ${RATE_LIMITS.noteWrite.account.points} writes a minute from one member, then answers 429 with Retry-After`, async () => {
    const member = await registerMember(t.app, t.database, { name: "Busy" });
    const note = await write(member, "First");
    for (let sent = 1; sent < RATE_LIMITS.noteWrite.account.points; sent++) {
      const res = await call("PUT", `/${note.id}`, member.token, { title: `Edit ${sent}`, content: "Again." });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const [method, url] of [
      ["POST", ""],
      ["PUT", `/${note.id}`],
      ["DELETE", `/${note.id}`],
    ] as const) {
      const held = await call(method, url, member.token, method === "DELETE" ? undefined : { title: "More", content: "More." });
      expect(held.statusCode, method).toBe(429);
      expect(held.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/);
      expect(Number(held.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    }
    // Reading is not held back, and nor is another member.
    expect((await call("GET", `/${note.id}`, member.token)).statusCode).toBe(200);
    expect((await call("POST", "", bob.token, { title: "Fine", content: "Still fine." })).statusCode).toBe(201);
  });

  it("the notes go with the member's account", async () => {
    const member = await registerMember(t.app, t.database);
    await write(member, "Gone with the account");
    await t.database.executeSql("delete from users where id = $1", [member.id]);
    expect(await notesOf(member)).toEqual([]);
  });
});
