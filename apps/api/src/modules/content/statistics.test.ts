import {
  addDays,
  addToDays,
  dailyListeningStatistics,
  DAY_MS,
  localDay,
  TIME_ZONE_MESSAGE,
  toUtcSecond,
  type ListeningDay,
} from "@serene/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, registerMember, rows, type Member } from "../../test/accounts.ts";
import { getAs, openedDaysAgo, sendAs } from "../../test/content.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/** GET and POST /user/sessions with days in the member's own time zone, kept in the listening_days roll-up (decision 034). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const MINUTE = 60_000;
/** A member whose account is older than every session these tests report, so each is believed (decision 054). */
const listener = async (): Promise<Member> => {
  const member = await registerMember(t.app, t.database);
  await openedDaysAgo(t.database, member.id, 400);
  return member;
};
const midnightUtc = (daysAgo: number) => {
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  return day.getTime() - daysAgo * DAY_MS;
};
const session = (startMs: number, minutes: number) => ({
  start_session: toUtcSecond(new Date(startMs)),
  end_session: toUtcSecond(new Date(startMs + minutes * MINUTE)),
});
const report = (member: Member, body: object, tz?: string) =>
  sendAs(t.app, member.token, "POST", `/api/v1/user/sessions${tz === undefined ? "" : `?tz=${encodeURIComponent(tz)}`}`, body);
const stats = async (member: Member, tz?: string) => {
  const res = await getAs(t.app, member.token, `/api/v1/user/sessions?t=1${tz === undefined ? "" : `&tz=${encodeURIComponent(tz)}`}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
/** The year calendar's days with listening (from `year_seconds`, which ends today), with their whole minutes. */
const practised = (data: { today: string; year_seconds: number[] }) =>
  data.year_seconds.flatMap((seconds, i) =>
    seconds > 0 ? [{ date: addDays(data.today, i - 364), minutes: Math.floor(seconds / 60) }] : [],
  );
const storedZone = async (member: Member) =>
  (await rows<{ time_zone: string | null }>(t.database, "select time_zone from users where id = $1", [member.id]))[0]!.time_zone;
const rollUp = async (member: Member, zone: string): Promise<ListeningDay[]> =>
  (
    await rows<{ day: string; seconds: number; sessions: number; longest_seconds: number }>(
      t.database,
      "select to_char(day, 'YYYY-MM-DD') as day, seconds, sessions, longest_seconds from listening_days where user_id = $1 and time_zone = $2 order by day",
      [member.id, zone],
    )
  ).map((row) => ({ day: row.day, seconds: row.seconds, sessions: row.sessions, longestSeconds: row.longest_seconds }));
const sessionsOf = async (member: Member) =>
  (
    await rows<{ started_at: Date; seconds: number }>(t.database, "select started_at, seconds from listening_sessions where user_id = $1", [
      member.id,
    ])
  ).map((row) => ({ startedAt: new Date(row.started_at), seconds: row.seconds }));
/** The roll-up of a zone, computed from the member's sessions by the domain's own rule. */
const expectedDays = async (member: Member, zone: string) =>
  (await sessionsOf(member)).reduce<ListeningDay[]>((days, s) => addToDays(days, s, zone), []).sort((a, b) => a.day.localeCompare(b.day));

describe("GET /api/v1/user/sessions in the member's time zone", () => {
  it("a new member: zeros, 30 empty days ending today in their zone, no practice days", async () => {
    const member = await listener();
    const data = await stats(member, "Asia/Kathmandu");
    expect(data).toMatchObject({ mindful_days: 0, total_sessions: 0, total_streak: 0, time_zone: "Asia/Kathmandu" });
    expect(data.year_seconds).toEqual(new Array(365).fill(0));
    expect(data.today).toBe(localDay(new Date(), "Asia/Kathmandu"));
    expect(data.last_30_days).toHaveLength(30);
    expect(data.last_30_days.at(-1)).toEqual({ date: data.today, minutes: 0 });
    expect(data.last_30_days.every((day: { minutes: number }) => day.minutes === 0)).toBe(true);
  });

  it("a session at 23:30 UTC counts on the next day in Europe/Berlin, and on its own day in UTC", async () => {
    const member = await listener();
    const start = midnightUtc(3) - 30 * MINUTE; // 23:30 UTC four days ago
    expect((await report(member, session(start, 20), "UTC")).statusCode).toBe(201);
    const utcDay = new Date(start).toISOString().slice(0, 10);
    const berlinDay = new Date(midnightUtc(3)).toISOString().slice(0, 10);
    expect(practised(await stats(member, "UTC"))).toEqual([{ date: utcDay, minutes: 20 }]);
    const berlin = await stats(member, "Europe/Berlin");
    expect(berlin).toMatchObject({ time_zone: "Europe/Berlin", mindful_days: 1, total_sessions: 1, mindful_minutes: 20 });
    expect(practised(berlin)).toEqual([{ date: berlinDay, minutes: 20 }]);
    expect(berlin.last_30_days.find((day: { date: string }) => day.date === berlinDay)).toEqual({ date: berlinDay, minutes: 20 });
  });

  it("remembers the zone sent and uses it when none is sent; falls back to UTC for a member who never sent one", async () => {
    const member = await listener();
    expect((await stats(member)).time_zone).toBe("UTC");
    expect(await storedZone(member)).toBeNull();
    expect((await stats(member, "america/new_york")).time_zone).toBe("America/New_York");
    expect(await storedZone(member)).toBe("America/New_York");
    expect((await stats(member)).time_zone).toBe("America/New_York");
    // A session report with a zone sets it as well.
    expect((await report(member, session(Date.now() - 30 * MINUTE, 5), "Asia/Kolkata")).statusCode).toBe(201);
    expect(await storedZone(member)).toBe("Asia/Kolkata");
    expect((await stats(member)).time_zone).toBe("Asia/Kolkata");
  });

  it("builds the roll-up of a zone asked for the first time from every session, then keeps every zone up to date", async () => {
    const member = await listener();
    // Around midnight in several zones, over a few days, out of order.
    for (const [daysAgo, minuteOfDay, minutes] of [
      [6, 23 * 60 + 50, 15],
      [2, 30, 5],
      [6, 10, 3],
      [4, 22 * 60 + 45, 40],
      [5, 18 * 60 + 20, 8],
    ] as const) {
      expect((await report(member, session(midnightUtc(daysAgo) + minuteOfDay * MINUTE, minutes))).statusCode).toBe(201);
    }
    expect(await rollUp(member, "UTC")).toEqual(await expectedDays(member, "UTC"));
    expect(await rollUp(member, "Asia/Kolkata")).toEqual([]);

    const kolkata = await stats(member, "Asia/Kolkata");
    expect(await rollUp(member, "Asia/Kolkata")).toEqual(await expectedDays(member, "Asia/Kolkata"));
    const { time_zone: _zone, ...expected } = dailyListeningStatistics(
      await expectedDays(member, "Asia/Kolkata"),
      "Asia/Kolkata",
      new Date(),
    );
    expect(kolkata).toEqual({ time_zone: "Asia/Kolkata", ...expected });

    // A later report, sent without a zone, is added to both roll-ups.
    expect((await report(member, session(Date.now() - 10 * MINUTE, 7))).statusCode).toBe(201);
    for (const zone of ["UTC", "Asia/Kolkata"]) expect(await rollUp(member, zone)).toEqual(await expectedDays(member, zone));
    expect((await stats(member, "Asia/Kolkata")).total_sessions).toBe(6);
    expect((await stats(member, "UTC")).total_sessions).toBe(6);
  });

  it("loses and doubles nothing when reports race the first build of a zone", async () => {
    const member = await listener();
    for (let n = 0; n < 3; n++) await report(member, session(midnightUtc(n + 2) + n * 7 * MINUTE, 4));
    const racing = await Promise.all([
      ...Array.from({ length: 6 }, (_, n) => report(member, session(midnightUtc(1) + (n * 13 + 5) * MINUTE, 2))),
      getAs(t.app, member.token, "/api/v1/user/sessions?tz=Pacific/Chatham"),
      getAs(t.app, member.token, "/api/v1/user/sessions?tz=America/St_Johns"),
      getAs(t.app, member.token, "/api/v1/user/sessions?tz=Pacific/Chatham"),
    ]);
    expect(racing.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 201, 201, 201, 201, 201, 201]);
    for (const zone of ["UTC", "Pacific/Chatham", "America/St_Johns"]) {
      const days = await rollUp(member, zone);
      expect(days, zone).toEqual(await expectedDays(member, zone));
      expect(days.reduce((sum, day) => sum + day.sessions, 0)).toBe(9);
    }
  });

  it("keeps the kept sums current when figures are read between reports and while reports race the reads", async () => {
    const member = await listener();
    const zone = "Europe/Lisbon";
    const expected = async () => {
      const { time_zone: _zone, ...figures } = dailyListeningStatistics(await expectedDays(member, zone), zone, new Date());
      return { time_zone: zone, ...figures };
    };
    for (let n = 0; n < 4; n++) {
      expect(await stats(member, zone)).toEqual(await expected());
      expect((await report(member, session(midnightUtc(n * 2 + 1) + (n * 45 + 20) * MINUTE, 6 + n), zone)).statusCode).toBe(201);
    }
    expect((await stats(member, zone)).total_sessions).toBe(4);
    const racing = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        n % 2 === 0
          ? report(member, session(midnightUtc(n) + (n * 17 + 3) * MINUTE, 3), zone)
          : getAs(t.app, member.token, `/api/v1/user/sessions?tz=${encodeURIComponent(zone)}`),
      ),
    );
    expect(racing.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 201, 201, 201, 201, 201, 201]);
    // Whatever order the race took, the next read has every session, and the kept sums are marked current.
    expect(await stats(member, zone)).toEqual(await expected());
    expect((await stats(member, zone)).total_sessions).toBe(10);
    const [kept] = await rows<{ version: number | string; summary_version: number | string }>(
      t.database,
      "select version, summary_version from listening_summaries where user_id = $1 and time_zone = $2",
      [member.id, zone],
    );
    expect(Number(kept!.summary_version)).toBe(Number(kept!.version));
  });

  it("counts every day of a long history the same way the domain does", async () => {
    const member = await listener();
    await t.database.executeSql(
      `insert into listening_sessions (user_id, started_at, ended_at, seconds)
       select $1, now() - (n * interval '7 hours') - interval '1 hour', now() - (n * interval '7 hours') - interval '1 hour' + ((n % 50 + 1) * interval '1 minute'), (n % 50 + 1) * 60
       from generate_series(1, 400) as n`,
      [member.id],
    );
    const data = await stats(member, "America/New_York");
    const { time_zone: _zone, ...expected } = dailyListeningStatistics(
      await expectedDays(member, "America/New_York"),
      "America/New_York",
      new Date(),
    );
    expect(data).toEqual({ time_zone: "America/New_York", ...expected });
    expect(data.total_sessions).toBe(400);
    expect(data.total_streak).toBeGreaterThan(100);
  });
});

describe("bad time zones", () => {
  const bad = ["Mars/Olympus", "+01:00", "-05:00", "", "Europe/Berlin/", "x".repeat(64), "Europe/Berlin%00", "UTC; drop table users"];

  it.each(bad)("GET with tz=%j: 422 on tz, and the stored zone is unchanged", async (tz) => {
    const member = await listener();
    await stats(member, "Europe/Paris");
    const res = await getAs(t.app, member.token, `/api/v1/user/sessions?tz=${encodeURIComponent(tz)}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(["tz"]);
    if (tz.length <= 64 && !tz.includes("\u0000")) expect(res.json().errors.tz).toEqual([TIME_ZONE_MESSAGE]);
    expect(await storedZone(member)).toBe("Europe/Paris");
  });

  it("a tz longer than 64 characters is refused by the contract", async () => {
    const member = await listener();
    const res = await getAs(t.app, member.token, `/api/v1/user/sessions?tz=${"Europe/".padEnd(65, "x")}`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(["tz"]);
  });

  it.each(bad)("POST with tz=%j: 422 on tz and no session kept", async (tz) => {
    const member = await listener();
    const res = await report(member, session(Date.now() - 20 * MINUTE, 5), tz);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(["tz"]);
    expect(await sessionsOf(member)).toEqual([]);
  });

  it("a zone Intl knows and the database does not (US/Pacific-New) is refused before it is stored", async () => {
    const member = await listener();
    await report(member, session(Date.now() - 30 * MINUTE, 5));
    for (const res of [
      await getAs(t.app, member.token, "/api/v1/user/sessions?tz=US/Pacific-New"),
      await report(member, session(Date.now() - 20 * MINUTE, 5), "US/Pacific-New"),
    ]) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ tz: [TIME_ZONE_MESSAGE] });
    }
    expect(await storedZone(member)).toBeNull();
    expect((await report(member, session(Date.now() - 10 * MINUTE, 5))).statusCode).toBe(201);
  });

  it("a tz given twice is refused, not a 5xx", async () => {
    const member = await listener();
    const res = await getAs(t.app, member.token, "/api/v1/user/sessions?tz=UTC&tz=Europe/Berlin");
    expect(res.statusCode).toBe(422);
  });

  it("needs a token: 401 before the zone is looked at", async () => {
    expect((await t.app.inject({ url: "/api/v1/user/sessions?tz=Mars/Olympus" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/v1/user/sessions?tz=UTC", headers: bearer("nope") })).statusCode).toBe(401);
  });
});
