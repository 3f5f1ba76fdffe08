import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, randomIp, registerMember, rows, type Member } from "../test/accounts.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { pruneReplaysJob } from "../jobs/prune-replays.job.ts";
import { REPLAY_HOURS, REPLAY_KEY_MESSAGE, REPLAY_MISMATCH_MESSAGE } from "./replays.ts";

/**
 * Writes sent twice with the same Idempotency-Key (decision 066): done once, answered the same, on
 * both databases (PostgreSQL: in the write's own transaction; PGlite: in turn, in one process).
 */
let t: TestApp;
let alice: Member;
let bob: Member;
beforeAll(async () => {
  t = await createTestApp();
  alice = await registerMember(t.app, t.database, { name: "Alice" });
  bob = await registerMember(t.app, t.database, { name: "Bob" });
});
afterAll(async () => t.close());

let keys = 0;
const freshKey = () => `key-${process.pid}-${Date.now()}-${++keys}`;

const postNote = (member: Member, key: string | undefined, note: { title: string; content: string }, stamp = Date.now()) =>
  t.app.inject({
    method: "POST",
    url: `/api/v1/user/notes?t=${stamp}`,
    headers: { ...bearer(member.token), ...(key === undefined ? {} : { "idempotency-key": key }) },
    payload: note,
    remoteAddress: randomIp(),
  });
const notesTitled = async (member: Member, title: string) =>
  (await rows<{ id: string }>(t.database, "select id from notes where user_id = $1 and title = $2", [member.id, title])).length;

describe("a write sent again with its Idempotency-Key", () => {
  it("is done once and answered the same, byte for byte, marked as a replay", async () => {
    const key = freshKey();
    const note = { title: `Once ${key}`, content: "Written one time." };
    const first = await postNote(alice, key, note, 1);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    // The web app's time stamp changes on the second try; the request is still the same.
    const again = await postNote(alice, key, note, 2);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(again.body).toBe(first.body);
    expect(await notesTitled(alice, note.title)).toBe(1);
  });

  it("sent twice at once, is done once: the second waits for the first and gets its answer", async () => {
    const key = freshKey();
    const note = { title: `Together ${key}`, content: "Sent twice together." };
    const [one, two] = await Promise.all([postNote(alice, key, note), postNote(alice, key, note)]);
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(one.body).toBe(two.body);
    expect(await notesTitled(alice, note.title)).toBe(1);
  });

  it("is refused with a 422 when the key comes with another request, and changes nothing", async () => {
    const key = freshKey();
    expect((await postNote(alice, key, { title: `First ${key}`, content: "One." })).statusCode).toBe(201);
    const other = await postNote(alice, key, { title: `Second ${key}`, content: "Two." });
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json()).toEqual({ message: REPLAY_MISMATCH_MESSAGE, errors: { "idempotency-key": [REPLAY_MISMATCH_MESSAGE] } });
    expect(await notesTitled(alice, `Second ${key}`)).toBe(0);
  });

  it("is each member's own: another member's same key is another request", async () => {
    const key = freshKey();
    const title = `Shared key ${key}`;
    const mine = await postNote(alice, key, { title, content: "Alice's." });
    const theirs = await postNote(bob, key, { title, content: "Alice's." });
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    expect([await notesTitled(alice, title), await notesTitled(bob, title)]).toEqual([1, 1]);
  });

  it("keeps nothing for a refused write: the corrected request under the same key is done", async () => {
    const key = freshKey();
    const refused = await postNote(alice, key, { title: "", content: "No title." });
    expect(refused.statusCode).toBe(422);
    const corrected = await postNote(alice, key, { title: `Corrected ${key}`, content: "Now with a title." });
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(await notesTitled(alice, `Corrected ${key}`)).toBe(1);
  });

  it("refuses a key that is too short, too long or not visible text", async () => {
    for (const key of ["short", "x".repeat(256), "has a space"]) {
      const res = await postNote(alice, key, { title: "Never", content: "Not written." });
      expect(res.statusCode, key).toBe(422);
      expect(res.json().errors).toEqual({ "idempotency-key": [REPLAY_KEY_MESSAGE] });
    }
    expect(await notesTitled(alice, "Never")).toBe(0);
  });

  it("answers a registration sent twice with one account and the same working token, never stored readable", async () => {
    const key = freshKey();
    const email = `twice-${keys}-${process.pid}@example.com`;
    const register = () =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/user",
        headers: { "idempotency-key": key },
        payload: { name: "Twice", email, password: "a calm password 1", password_confirmation: "a calm password 1" },
        remoteAddress: randomIp(),
      });
    const first = await register();
    expect(first.statusCode, first.body).toBeLessThan(300);
    const again = await register();
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(await rows(t.database, "select id from users where email = $1", [email])).toHaveLength(1);

    const token = first.json().token as string;
    const me = await t.app.inject({ method: "GET", url: "/api/v1/user", headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    const kept = await rows<{ key_hash: string; sealed_answer: string }>(t.database, "select key_hash, sealed_answer from request_replays");
    const everything = JSON.stringify(kept);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(email);
  });

  it("leaves a write without the header as it was: sent twice, done twice", async () => {
    const note = { title: `Unkeyed ${freshKey()}`, content: "No key." };
    await postNote(alice, undefined, note);
    await postNote(alice, undefined, note);
    expect(await notesTitled(alice, note.title)).toBe(2);
  });

  it("is kept for a day: the hourly job deletes older answers, and the key then does the write again", async () => {
    const key = freshKey();
    const note = { title: `A day ${key}`, content: "Kept a day." };
    expect((await postNote(alice, key, note)).statusCode).toBe(201);
    const tomorrow = new Date(Date.now() + (REPLAY_HOURS + 1) * 3_600_000);
    const pruned = (await pruneReplaysJob(t.database.db, () => tomorrow).handler({})) as { deleted: number };
    expect(pruned.deleted).toBeGreaterThan(0);
    expect(await rows(t.database, "select key_hash from request_replays")).toEqual([]);
    const later = await postNote(alice, key, note);
    expect(later.headers["idempotent-replayed"]).toBeUndefined();
    expect(await notesTitled(alice, note.title)).toBe(2);
  });
});
