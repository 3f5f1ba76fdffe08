import { eq } from "drizzle-orm";
import { contentItems } from "@serene/db";
import {
  ACHIEVEMENT_NAMES,
  allowedSessionSeconds,
  BELIEF_MESSAGES,
  DAY_MS,
  LISTENING_CLOCK_SKEW_SECONDS,
  OVERLAP_TOLERANCE_SECONDS,
  toUtcSecond,
} from "@serene/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../plugins/rate-limit.ts";
import { bearer, randomIp, registerMember, rows, type Member, subscribe } from "../../test/accounts.ts";
import { getAs, itemById, openedDaysAgo, sendAs } from "../../test/content.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/**
 * Listening reports are believed only where they could be true (decision 054): an item the member may play,
 * not before the account existed, no longer than the item, not over the member's other sessions, and no more
 * than RATE_LIMITS.listening a minute. What is not believed is refused and counts nowhere: not in minutes,
 * days, streaks or badges.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const S = 1000;
const MINUTE = 60 * S;
const FREE_MEDITATION = itemById(1);
const FREE_SLEEPCAST = itemById(7);
const FREE_CBT = itemById(20);
const FREE_COURSE_SESSION = itemById(27);
const FREE_SOUNDSCAPE = itemById(42);
const LOCKED_SLEEPCAST = itemById(8);
const LOCKED_SOUNDSCAPE = itemById(43);
const LOCKED_CBT_SESSIONS = itemById(37).children!.slice(1).map(itemById);

const ref = (item: { id: number; model: string }) => ({ id: item.id, model: item.model });
const utc = (ms: number) => toUtcSecond(new Date(ms));
/** A session from `startMs` lasting `seconds`, optionally of an item. */
const session = (startMs: number, seconds: number, item?: { id: number; model: string }) => ({
  start_session: utc(startMs),
  end_session: utc(startMs + seconds * S),
  ...(item ? ref(item) : {}),
});
/** Reports a session, from an address of its own (the per-address limit is not what these tests look at). */
const report = (member: Member, body: object) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/user/sessions?tz=UTC",
    headers: bearer(member.token),
    payload: body,
    remoteAddress: randomIp(),
  });
const statistics = async (member: Member) => {
  const res = await getAs(t.app, member.token, "/api/v1/user/sessions?tz=UTC");
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const held = async (member: Member) =>
  (
    await rows<{ machine_name: string }>(t.database, "select machine_name from member_achievements where user_id = $1 order by 1", [
      member.id,
    ])
  ).map((row) => row.machine_name);
const kept = async (member: Member) =>
  Number(
    (await rows<{ n: number }>(t.database, "select count(*)::int as n from listening_sessions where user_id = $1", [member.id]))[0]!.n,
  );
/** A member whose account is `days` old. */
const memberOf = async (days: number) => {
  const member = await registerMember(t.app, t.database);
  if (days > 0) await openedDaysAgo(t.database, member.id, days);
  return member;
};
const midnightUtc = (daysAgo: number) => {
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  return day.getTime() - daysAgo * DAY_MS;
};
const durationOf = async (id: number) =>
  (await t.database.db.select({ seconds: contentItems.durationSeconds }).from(contentItems).where(eq(contentItems.id, id)))[0]!.seconds!;
const expectRefused = (
  res: { statusCode: number; body: string; json(): { errors: Record<string, string[]> } },
  field: string,
  message: string,
) => {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().errors).toEqual({ [field]: [message] });
};

describe("the attack: a new free account reports a month of listening in under a second", () => {
  it("earns no badge and no streak: back-dated, locked and overlapping reports are refused and count nowhere", async () => {
    const member = await memberOf(0);
    const now = Date.now();
    // One short session just now, without an item: the only listening this account could have done.
    const real = session(now - MINUTE, 50);
    expect((await report(member, real)).statusCode).toBe(201);

    const backDated = [
      // Thirty-five days in a row (Daily Practice, Month of Calm), sleepcasts on five nights (First Sleepcast,
      // Deep Sleeper), an hour of soundscapes (Music Lover), completed meditation, CBT and course sessions.
      ...Array.from({ length: 35 }, (_, day) => session(midnightUtc(day + 1) + 8 * 60 * MINUTE, 600)),
      ...[1, 2, 3, 4, 5].map((night) => session(midnightUtc(night) + 22 * 60 * MINUTE, 68, FREE_SLEEPCAST)),
      session(now - 3 * 60 * MINUTE, 3600, FREE_SOUNDSCAPE),
      session(now - 2 * DAY_MS, 70, FREE_MEDITATION),
      session(now - 2 * DAY_MS + 5 * MINUTE, 70, FREE_CBT),
      session(now - 2 * DAY_MS + 10 * MINUTE, 66, FREE_COURSE_SESSION),
    ];
    // Locked items at times this account did exist (within the clock allowance): refused, it never subscribed.
    const locked = [LOCKED_SLEEPCAST, LOCKED_SOUNDSCAPE, ...LOCKED_CBT_SESSIONS].map((item) => session(now - 3 * MINUTE, 60, item));
    // Completed items over the session just reported.
    const overlapping = [FREE_MEDITATION, FREE_SLEEPCAST, FREE_CBT, FREE_COURSE_SESSION].map((item) => session(now - 70 * S, 70, item));
    // Every kind in turn, all at once.
    const burst: object[] = [];
    for (let i = 0; i < Math.max(backDated.length, locked.length, overlapping.length); i++)
      for (const kind of [locked, overlapping, backDated]) if (kind[i]) burst.push(kind[i]!);
    const started = Date.now();
    const answers = await Promise.all(burst.map((body) => report(member, body)));
    const tookMs = Date.now() - started;

    expect(answers.filter((res) => res.statusCode < 300)).toEqual([]);
    expect(new Set(answers.map((res) => res.statusCode))).toEqual(new Set([422, 429]));
    const messages = answers.filter((res) => res.statusCode === 422).flatMap((res) => Object.values(res.json().errors).flat());
    for (const message of [BELIEF_MESSAGES.beforeAccount, BELIEF_MESSAGES.locked, BELIEF_MESSAGES.overlap])
      expect(messages, message).toContain(message);
    // Beyond the limit, the rest is held back with a time to wait.
    const limited = answers.filter((res) => res.statusCode === 429);
    expect(limited.length).toBe(burst.length - (RATE_LIMITS.listening.account.points - 1));
    for (const res of limited) expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);

    expect(await held(member)).toEqual([]);
    const figures = await statistics(member);
    expect(figures).toMatchObject({ total_sessions: 1, mindful_days: 1, mindful_minutes: 0, longest_streak: 1, total_streak: 1 });
    expect(figures.year_seconds.filter((seconds: number) => seconds > 0)).toEqual([50]);
    expect(await kept(member)).toBe(1);
    expect(tookMs).toBeLessThan(30_000);
  });
});

describe("each rule, through POST /api/v1/user/sessions", () => {
  it("an item for subscribers: refused for a member who had no subscription when the session started", async () => {
    const member = await memberOf(30);
    const hourAgo = Date.now() - 60 * MINUTE;
    expectRefused(await report(member, session(hourAgo, 60, LOCKED_SLEEPCAST)), "id", BELIEF_MESSAGES.locked);
    // A free item needs nothing.
    expect((await report(member, session(hourAgo, 60, FREE_SLEEPCAST))).statusCode).toBe(201);

    // Subscribed from now: a session of an hour ago is still refused, one from now on is believed.
    await subscribe(t.database, member.id, { startedAt: new Date(Date.now() - MINUTE) });
    expectRefused(await report(member, session(hourAgo - 5 * MINUTE, 60, LOCKED_SLEEPCAST)), "id", BELIEF_MESSAGES.locked);
    expect((await report(member, session(Date.now() - 30 * S, 20, LOCKED_SLEEPCAST))).statusCode).toBe(201);
    expect(await kept(member)).toBe(2);
  });

  it("an item for subscribers: believed while an ended subscription still gave access, refused after", async () => {
    const member = await memberOf(30);
    await subscribe(t.database, member.id, {
      status: "canceled",
      startedAt: new Date(Date.now() - 20 * DAY_MS),
      currentPeriodEnd: new Date(Date.now() - 2 * DAY_MS),
    });
    expect((await report(member, session(Date.now() - 3 * DAY_MS, 60, LOCKED_SOUNDSCAPE))).statusCode).toBe(201);
    expectRefused(await report(member, session(Date.now() - DAY_MS, 60, LOCKED_SOUNDSCAPE)), "id", BELIEF_MESSAGES.locked);
    expectRefused(await report(member, session(Date.now() - 25 * DAY_MS, 60, LOCKED_SOUNDSCAPE)), "id", BELIEF_MESSAGES.locked);
  });

  it("before the account existed: refused beyond the clock allowance", async () => {
    const member = await memberOf(0);
    const createdAt = (await rows<{ created_at: Date }>(t.database, "select created_at from users where id = $1", [member.id]))[0]!
      .created_at;
    const allowance = LISTENING_CLOCK_SKEW_SECONDS * S;
    const tooEarly = Math.floor((new Date(createdAt).getTime() - allowance) / S) * S - S;
    expectRefused(await report(member, session(tooEarly, 30)), "start_session", BELIEF_MESSAGES.beforeAccount);
    expectRefused(await report(member, session(Date.now() - DAY_MS, 30, FREE_MEDITATION)), "start_session", BELIEF_MESSAGES.beforeAccount);
    // A clock a little behind ours: the first session, just after registering, is believed.
    expect((await report(member, session(tooEarly + 2 * S, 30))).statusCode).toBe(201);
    expect(await kept(member)).toBe(1);
  });

  it("longer than the item: refused past its length and the allowance; music and soundscapes play on a loop", async () => {
    const member = await memberOf(30);
    const allowed = allowedSessionSeconds({ model: FREE_MEDITATION.model, durationSeconds: await durationOf(FREE_MEDITATION.id) })!;
    expectRefused(
      await report(member, session(Date.now() - 60 * MINUTE, allowed + 1, FREE_MEDITATION)),
      "end_session",
      BELIEF_MESSAGES.longerThanItem,
    );
    expect((await report(member, session(Date.now() - 50 * MINUTE, allowed, FREE_MEDITATION))).statusCode).toBe(201);
    expect((await report(member, session(Date.now() - 3 * 60 * MINUTE, 2 * 3600, FREE_SOUNDSCAPE))).statusCode).toBe(201);
    expect(await kept(member)).toBe(2);
  });

  it(`over the member's other sessions: refused beyond ${OVERLAP_TOLERANCE_SECONDS} seconds shared`, async () => {
    const member = await memberOf(30);
    const base = Date.now() - 2 * 60 * MINUTE;
    expect((await report(member, session(base, 600))).statusCode).toBe(201);
    // Starting within the allowance before the first one ends.
    const second = base + 600 * S - OVERLAP_TOLERANCE_SECONDS * S;
    expect((await report(member, session(second, 600))).statusCode).toBe(201);
    // One second more is too much; the same session again, or one inside another, is refused.
    const third = second + 600 * S - (OVERLAP_TOLERANCE_SECONDS + 1) * S;
    expectRefused(await report(member, session(third, 600)), "start_session", BELIEF_MESSAGES.overlap);
    expectRefused(await report(member, session(base, 600)), "start_session", BELIEF_MESSAGES.overlap);
    expectRefused(await report(member, session(base + 60 * S, 60, FREE_MEDITATION)), "start_session", BELIEF_MESSAGES.overlap);
    expect((await report(member, session(second + 600 * S, 600))).statusCode).toBe(201);
    expect(await kept(member)).toBe(3);
    // Another member's sessions are not this member's.
    const other = await memberOf(30);
    expect((await report(other, session(base, 600))).statusCode).toBe(201);
  });

  it("overlapping reports sent at the same moment: exactly one is kept", async () => {
    // Four members, each sending twelve at once: the same session eight times, and four a minute apart over it.
    const start = Date.now() - 60 * MINUTE;
    for (let round = 0; round < 4; round++) {
      const member = await memberOf(30);
      const answers = await Promise.all([
        ...Array.from({ length: 8 }, () => report(member, session(start, 600))),
        ...Array.from({ length: 4 }, (_, n) => report(member, session(start + (n + 1) * 60 * S, 600))),
      ]);
      expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
      for (const res of answers.filter((res) => res.statusCode !== 201)) expectRefused(res, "start_session", BELIEF_MESSAGES.overlap);
      expect(await kept(member)).toBe(1);
      expect((await statistics(member)).total_sessions).toBe(1);
    }
  });

  it(`rate limited like every other member write: ${RATE_LIMITS.listening.account.points} a minute, then 429 with Retry-After`, async () => {
    const member = await memberOf(30);
    const first = Date.now() - 2 * DAY_MS;
    for (let n = 0; n < RATE_LIMITS.listening.account.points; n++)
      expect((await report(member, session(first + n * 2 * MINUTE, 60))).statusCode).toBe(201);
    const refused = await report(member, session(first + 3 * 60 * MINUTE, 60));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await kept(member)).toBe(RATE_LIMITS.listening.account.points);
    // Counted per member: another member reports as usual.
    expect((await report(await memberOf(30), session(first, 60))).statusCode).toBe(201);
  });
});

describe("a real month of listening", () => {
  it("still earns its badges and its streak", async () => {
    const member = await memberOf(35);
    // Thirty days in a row, one session a day: sleepcasts at night on the last five, an hour of soundscapes, a
    // CBT session, a course session, and meditations, each to its end.
    const bodies = Array.from({ length: 30 }, (_, i) => {
      const daysAgo = i + 1;
      if (daysAgo <= 5) return session(midnightUtc(daysAgo) + 22 * 60 * MINUTE, 68, FREE_SLEEPCAST);
      if (daysAgo === 6) return session(midnightUtc(daysAgo) + 18 * 60 * MINUTE, 3600, FREE_SOUNDSCAPE);
      if (daysAgo === 7) return session(midnightUtc(daysAgo) + 8 * 60 * MINUTE, 70, FREE_CBT);
      if (daysAgo === 8) return session(midnightUtc(daysAgo) + 8 * 60 * MINUTE, 66, FREE_COURSE_SESSION);
      return session(midnightUtc(daysAgo) + 8 * 60 * MINUTE, 70, FREE_MEDITATION);
    });
    const earned: string[] = [];
    for (const body of bodies.reverse()) {
      const res = await report(member, body);
      expect(res.statusCode, res.body).toBe(201);
      earned.push(...(res.json().earned ?? []).map((badge: { machine_name: string }) => badge.machine_name));
    }
    const expected = [
      "daily",
      "deep_sleeper",
      "first_course_session",
      "first_single",
      "first_sleep",
      "first_therapy",
      "month_of_calm",
      "music_lover",
    ];
    expect(earned.sort()).toEqual(expected);
    expect(await held(member)).toEqual(expected);
    expect(ACHIEVEMENT_NAMES).toEqual(expect.arrayContaining(expected));
    expect(await statistics(member)).toMatchObject({ total_sessions: 30, mindful_days: 30, longest_streak: 30, total_streak: 30 });
  });
});

describe("sessions kept before this rule", () => {
  it("every route that counts listening reads the kept sessions, and only reports keep them", async () => {
    // The day roll-up and the badges are made of listening_sessions; POST /user/sessions is the only write to it.
    const member = await memberOf(30);
    expect((await sendAs(t.app, member.token, "POST", "/api/v1/user/history", ref(FREE_MEDITATION))).statusCode).toBe(201);
    expect(
      (await sendAs(t.app, member.token, "PUT", `/api/v1/user/positions/${FREE_MEDITATION.id}`, { position: 60, duration: 70 })).statusCode,
    ).toBeLessThan(300);
    expect(await kept(member)).toBe(0);
    expect(await statistics(member)).toMatchObject({ total_sessions: 0, mindful_minutes: 0 });
    expect(await held(member)).toEqual([]);
  });
});
