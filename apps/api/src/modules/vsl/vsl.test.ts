import { rmSync } from "node:fs";
import type { LightMyRequestResponse } from "fastify";
import { QUIZ_GOALS } from "@serene/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMember } from "../../test/accounts.ts";
import { catalogue, getAs, itemById, setGoal, tinyMediaDir } from "../../test/content.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { COOKIE_NAMES, fromCloudFrontBase64 } from "../media/signed-cookies.ts";
import { VISITOR_VIDEO_TTL_MS } from "../media/media-access.service.ts";

const APP_URL = "https://app.serene.test";
const MEDIA = `${APP_URL}/media`;
const QUIZ_VIDEO = "free/morning-light/video-female";
const CHECKOUT_VIDEO = "free/slow-piano-hours/video";
const OTHER_FREE = "free/morning-light/audio-male";
const PREMIUM = "premium/the-long-exhale/video-male";

let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = tinyMediaDir([QUIZ_VIDEO, CHECKOUT_VIDEO, OTHER_FREE, PREMIUM]);
  t = await createTestApp({ APP_URL, MEDIA_BASE_URL: MEDIA, MEDIA_DIR: dir });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

type Jar = Record<string, string>;
const jarOf = (res: LightMyRequestResponse): Jar => Object.fromEntries(res.cookies.map((cookie) => [cookie.name, cookie.value]));
const media = (relative: string, cookies: Jar) => t.app.inject({ url: `/media/${relative}`, cookies });
const policyOf = (jar: Jar) => JSON.parse(fromCloudFrontBase64(jar[COOKIE_NAMES.policy]!).toString("utf8")).Statement[0];

describe("GET /api/v1/vsl/{id}", () => {
  it("answers a page leading to a quiz, by slug and by id, with cookies that play its video and nothing else", async () => {
    const res = await t.app.inject({ url: "/api/v1/vsl/a-quieter-mind?t=1" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const page = res.json().data;
    expect(page).toEqual({
      id: 1,
      slug: "a-quieter-mind",
      title: expect.any(String),
      subtitle: expect.any(String),
      video: { playlist: `${MEDIA}/${QUIZ_VIDEO}/index.m3u8`, poster: `${MEDIA}/covers/morning-light.svg`, duration_seconds: 69 },
      cta_at_seconds: 20,
      cta_label: "Take the calm check-in",
      next: { kind: "quiz", quiz_slug: "calm-check-in", path: "/lead-quiz/calm-check-in" },
      points: expect.arrayContaining([expect.any(String)]),
    });
    expect((await t.app.inject({ url: "/api/v1/vsl/1" })).json().data.slug).toBe("a-quieter-mind");

    const jar = jarOf(res);
    for (const cookie of res.cookies.filter((c) => c.name !== COOKIE_NAMES.hashAlgorithm)) {
      expect(cookie.httpOnly, cookie.name).toBe(true);
      expect(cookie.path, cookie.name).toBe("/");
    }
    const statement = policyOf(jar);
    expect(statement.Resource).toBe(`${MEDIA}/${QUIZ_VIDEO}/*`);
    const expires = statement.Condition.DateLessThan["AWS:EpochTime"] * 1000;
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThanOrEqual(Date.now() + VISITOR_VIDEO_TTL_MS + 1000);

    for (const file of ["index.m3u8", "init.mp4", "seg-0.m4s"])
      expect((await media(`${QUIZ_VIDEO}/${file}`, jar)).statusCode, file).toBe(200);
    for (const other of [`${CHECKOUT_VIDEO}/index.m3u8`, `${OTHER_FREE}/index.m3u8`, `${PREMIUM}/index.m3u8`]) {
      expect((await media(other, jar)).statusCode, other).toBe(403);
    }
  });

  it("answers a page leading to a checkout; its cookies open its own video only", async () => {
    const res = await t.app.inject({ url: "/api/v1/vsl/evenings-that-wind-down" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.next).toEqual({ kind: "checkout", checkout_id: 4, path: "/subscription/4" });
    const jar = jarOf(res);
    expect((await media(`${CHECKOUT_VIDEO}/index.m3u8`, jar)).statusCode).toBe(200);
    expect((await media(`${QUIZ_VIDEO}/index.m3u8`, jar)).statusCode).toBe(403);
  });

  it("gives a signed-in member their own cookie set, so a visit never narrows what they may play", async () => {
    const member = await registerMember(t.app, t.database);
    const res = await getAs(t.app, member.token, "/api/v1/vsl/a-quieter-mind");
    expect(res.statusCode).toBe(200);
    expect(policyOf(jarOf(res)).Resource).toBe(`${MEDIA}/free/*`);
  });

  it("answers 404 for an unknown id or slug, and sets no cookie", async () => {
    for (const id of ["no-such-page", "99", "0", "calm-check-in"]) {
      const res = await t.app.inject({ url: `/api/v1/vsl/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.cookies).toEqual([]);
    }
  });
});

describe("GET /api/v1/quiz/first-week", () => {
  const ids = (cards: { id: number }[]) => cards.map((card) => card.id);
  const week = (query = "") => t.app.inject({ url: `/api/v1/quiz/first-week${query}` });

  it("answers the plan's first seven days without a goal, as cards a visitor sees", async () => {
    const res = await week();
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.goal).toBeNull();
    expect(data.days.map((day: { day: number }) => day.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const day of data.days) expect(ids(day.content)).toEqual(catalogue.plan.find((entry) => entry.day === day.day)!.items);
    for (const card of data.days.flatMap((day: { content: { favorite: boolean }[] }) => day.content)) expect(card.favorite).toBe(false);
  });

  it.each(Object.keys(QUIZ_GOALS))("leads each day with something for %s, as the member's own plan will", async (goal) => {
    const res = await week(`?goal=${goal}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.goal).toBe(goal);
    expect(data.days).toHaveLength(7);
    for (const day of data.days) expect(itemById(day.content[0].id).goal, `day ${day.day}`).toBe(goal);
    // The week shown after the quiz is the first week a member with that goal gets.
    const member = await registerMember(t.app, t.database, { name: "Planner" });
    await setGoal(t.database, member.id, goal);
    const plan = (await getAs(t.app, member.token, "/api/v1/personal-plan-by-day")).json();
    expect(data.days.map((day: { content: { id: number }[] }) => ids(day.content))).toEqual(
      plan.data.days.slice(0, 7).map((day: { content: { id: number }[] }) => ids(day.content)),
    );
  });

  it("answers 422 naming the goal for an unknown one", async () => {
    for (const goal of ["WIN_LOTTERY", "sleep_better", "toString"]) {
      const res = await week(`?goal=${goal}`);
      expect(res.statusCode, goal).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(["goal"]);
    }
  });
});
