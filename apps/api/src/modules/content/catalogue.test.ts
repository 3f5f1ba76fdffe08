import { eq, sql } from "drizzle-orm";
import { CONTENT_MODELS, SCREEN_NAMES } from "@serene/domain";
import { loadMediaManifest } from "@serene/content";
import { users } from "@serene/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, registerMember, type Member, subscribe } from "../../test/accounts.ts";
import { catalogue, childIds, getAs, itemById, listedItems, sendAs, setGoal } from "../../test/content.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/** Where content responses address media (a CDN in production). */
const MEDIA = "https://media.serene.test/media";
/** The shipped media pack's facts: a stream the manifest flags has captions beside its playlist. */
const manifest = loadMediaManifest();
const playlist = (mediaPath: string) => ({
  hls: {
    playlist: `${MEDIA}/${mediaPath}/index.m3u8`,
    ...(manifest[mediaPath]?.captions ? { captions: `${MEDIA}/${mediaPath}/captions.vtt` } : {}),
  },
});

let t: TestApp;
let free: Member;
let premium: Member;

beforeAll(async () => {
  t = await createTestApp({ APP_URL: "https://app.serene.test", MEDIA_BASE_URL: MEDIA });
  free = await registerMember(t.app, t.database, { name: "Free" });
  premium = await registerMember(t.app, t.database, { name: "Paying" });
  await subscribe(t.database, premium.id);
});
afterAll(async () => t.close());

const get = (url: string, token = free.token) => getAs(t.app, token, url);
const ids = (cards: { id: number }[]) => cards.map((card) => card.id);
const tagsOf = (id: number) => itemById(id).tags;

/** Every 422 names the broken fields and sums them up in the message. */
function expect422(res: { statusCode: number; json(): { message: string; errors: Record<string, string[]> } }, fields: string[]) {
  expect(res.statusCode).toBe(422);
  const body = res.json();
  expect(Object.keys(body.errors).sort()).toEqual([...fields].sort());
  for (const field of fields) expect(body.errors[field]![0]).toMatch(/\.$/);
  // The summary is the first message, plus how many more follow.
  expect(Object.values(body.errors).flat()).toContain(body.message.replace(/ \(and \d+ more errors?\)$/, ""));
  return body;
}

describe("GET /api/v1/screen/{name}", () => {
  it("answers each screen's sections in order, with their cards", async () => {
    for (const name of SCREEN_NAMES) {
      const res = await get(`/api/v1/screen/${name}`);
      expect(res.statusCode, name).toBe(200);
      const body = res.json();
      const expected = catalogue.screens[name];
      expect(body.meta).toEqual({ current_page: 1, per_page: 20, total: expected.length, last_page: 1 });
      expect(body.data.map((s: { id: number; name: string; section_type: string }) => [s.id, s.name, s.section_type])).toEqual(
        expected.map((s) => [s.id, s.name, s.section_type]),
      );
      for (const [index, section] of body.data.entries()) {
        const source = expected[index]!;
        expect(section.collection_id).toBe(source.collection ?? null);
        if (source.section_type === "Personal Plan") continue;
        if (source.section_type === "Daily Meditation") {
          // The slider turns daily: the same cards, starting elsewhere.
          expect([...ids(section.content)].sort((a, b) => a - b)).toEqual([...source.items].sort((a, b) => a - b));
        } else {
          expect(ids(section.content), `${name} / ${source.name}`).toEqual(source.items);
        }
        expect(section.day).toBeNull();
      }
    }
  });

  it("fills cards with what a list shows: name, cover, type, lessons, free", async () => {
    const body = (await get("/api/v1/screen/home")).json();
    const cards = body.data.flatMap((section: { content: unknown[] }) => section.content);
    expect(cards.length).toBeGreaterThan(5);
    for (const card of cards) {
      const source = itemById(card.id);
      expect(card).toMatchObject({ model: source.model, name: source.name, type: source.type, free: source.free, favorite: false });
      expect(card.cover).toBe(`${MEDIA}/covers/${source.slug}.svg`);
      expect(card.amount_lessons).toBe(source.children?.length ? source.children.length : null);
    }
  });

  it("shows the personal plan's day 1 to a member who joined today", async () => {
    const body = (await get("/api/v1/screen/home")).json();
    const plan = body.data.find((section: { section_type: string }) => section.section_type === "Personal Plan");
    expect(plan).toBeDefined();
    expect(plan.day).toBe(1);
    expect(ids(plan.content)).toEqual(catalogue.plan.find((day) => day.day === 1)!.items);
  });

  it("moves the plan on one day per day since joining", async () => {
    const member = await registerMember(t.app, t.database, { name: "Earlier" });
    await t.database.db
      .update(users)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(users.id, member.id));
    const body = (await get("/api/v1/screen/home", member.token)).json();
    const plan = body.data.find((section: { section_type: string }) => section.section_type === "Personal Plan");
    expect(plan.day).toBe(3);
    expect(ids(plan.content)).toEqual(catalogue.plan.find((day) => day.day === 3)!.items);
    const whole = (await get("/api/v1/personal-plan-by-day", member.token)).json();
    expect(whole.data.current_day).toBe(3);
  });

  it("opens each plan day with a session for the member's quiz goal, and the daily slider with the goal's cards", async () => {
    const member = await registerMember(t.app, t.database, { name: "Sleeper" });
    await setGoal(t.database, member.id, "SLEEP_BETTER");
    const serves = (id: number) => itemById(id).goal === "SLEEP_BETTER";
    const plan = (await get("/api/v1/personal-plan-by-day", member.token)).json();
    const firsts: number[] = [];
    for (const day of plan.data.days as { day: number; content: { id: number }[] }[]) {
      const shared = catalogue.plan.find((source) => source.day === day.day)!.items;
      const [first, ...rest] = ids(day.content);
      expect(serves(first!), `day ${day.day}`).toBe(true);
      // The shared steps follow, in order, without the chosen one twice.
      expect(rest).toEqual(shared.filter((id) => id !== first));
      firsts.push(first!);
    }
    // Days differ: the goal's sessions take turns.
    expect(new Set(firsts).size).toBeGreaterThan(1);

    const home = (await get("/api/v1/screen/home", member.token)).json();
    const planSection = home.data.find((section: { section_type: string }) => section.section_type === "Personal Plan");
    expect(ids(planSection.content)).toEqual(ids(plan.data.days[0].content));
    const daily = home.data.find((section: { section_type: string }) => section.section_type === "Daily Meditation");
    const dailyIds = ids(daily.content);
    const goalCards = dailyIds.filter(serves);
    expect(goalCards.length).toBeGreaterThan(0);
    expect(dailyIds.slice(0, goalCards.length)).toEqual(goalCards);

    // A new goal changes the plan at once.
    await setGoal(t.database, member.id, "REDUCE_STRESS");
    const after = (await get("/api/v1/personal-plan-by-day?day=1", member.token)).json();
    expect(itemById(after.data.days[0].content[0].id).goal).toBe("REDUCE_STRESS");
  });

  it("pages sections with page and per_page", async () => {
    const all = catalogue.screens.home;
    const res = await get("/api/v1/screen/home?page=2&per_page=2&t=1700000000");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ current_page: 2, per_page: 2, total: all.length, last_page: Math.ceil(all.length / 2) });
    expect(ids(body.data)).toEqual(all.slice(2, 4).map((section) => section.id));
    const beyond = (await get("/api/v1/screen/home?page=50")).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(all.length);
  });

  it("marks the member's favourites on the cards, and only theirs", async () => {
    const member = await registerMember(t.app, t.database, { name: "Fan" });
    const dayOne = catalogue.plan.find((day) => day.day === 1)!.items;
    const favourite = itemById(dayOne[0]!);
    expect(
      (await sendAs(t.app, member.token, "POST", "/api/v1/user/favorite", { id: favourite.id, model: favourite.model })).statusCode,
    ).toBe(200);
    const cards = (await get("/api/v1/screen/home", member.token))
      .json()
      .data.flatMap((section: { content: unknown[] }) => section.content);
    const flagged = cards.filter((card: { favorite: boolean }) => card.favorite);
    expect(flagged.length).toBeGreaterThanOrEqual(2); // in the plan and in at least one more section
    expect(new Set(ids(flagged))).toEqual(new Set([favourite.id]));
    // Someone else's screen shows no favourite.
    const others = (await get("/api/v1/screen/home")).json().data.flatMap((section: { content: unknown[] }) => section.content);
    expect(others.some((card: { favorite: boolean }) => card.favorite)).toBe(false);
  });

  it("answers 422 for a screen that does not exist, and for bad paging", async () => {
    const body = expect422(await get("/api/v1/screen/library"), ["name"]);
    expect(body.errors.name).toEqual(["The selected screen is invalid."]);
    expect422(await get("/api/v1/screen/home?per_page=101"), ["per_page"]);
    expect422(await get("/api/v1/screen/home?page=0&per_page=abc"), ["page", "per_page"]);
  });

  it("answers 401 without a working token", async () => {
    for (const headers of [{}, bearer("not-a-token")]) {
      const res = await t.app.inject({ url: "/api/v1/screen/home", headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Unauthenticated." });
    }
  });
});

describe("GET /api/v1/{model}", () => {
  it("lists only items of that model, and never a course's sessions or a playlist's audios", async () => {
    for (const model of CONTENT_MODELS) {
      const res = await get(`/api/v1/${model}?per_page=100`);
      expect(res.statusCode, model).toBe(200);
      const body = res.json();
      const expected = listedItems.filter((item) => item.model === model).map((item) => item.id);
      expect(expected.length, model).toBeGreaterThan(0);
      expect([...ids(body.data)].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
      expect(body.meta.total).toBe(expected.length);
      for (const card of body.data) {
        expect(card.model).toBe(model);
        expect(childIds.has(card.id)).toBe(false);
      }
    }
  });

  it("filters by tags: items with any of them", async () => {
    const res = await get("/api/v1/meditation-sleep?tags=rain,ocean&per_page=100");
    expect(res.statusCode).toBe(200);
    const expected = listedItems
      .filter((item) => item.model === "meditation-sleep" && item.tags.some((tag) => tag === "rain" || tag === "ocean"))
      .map((item) => item.id);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect([...ids(res.json().data)].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    // Case and spaces around the commas do not matter; an unknown tag finds nothing.
    expect(ids((await get("/api/v1/meditation-sleep?tags=Rain,%20OCEAN&per_page=100")).json().data).sort((a, b) => a - b)).toEqual(
      expected,
    );
    const none = (await get("/api/v1/meditation-sleep?tags=no-such-tag")).json();
    expect(none.data).toEqual([]);
    expect(none.meta.total).toBe(0);
  });

  it("counts every chosen tag: each adds its items, and items with more of them come first", async () => {
    const meditations = listedItems.filter((item) => item.model === "meditation-sleep");
    const shared = (id: number, chosen: string[]) => tagsOf(id).filter((tag) => chosen.includes(tag)).length;
    for (const chosen of [
      ["anxiety", "sleep"],
      ["sleep", "anxiety"],
      ["evening", "sleep", "short"],
    ]) {
      // The way the web app sends them: one comma-joined value, the commas escaped.
      const res = await get(`/api/v1/meditation-sleep?tags=${encodeURIComponent(chosen.join(","))}&per_page=100`);
      expect(res.statusCode).toBe(200);
      const found = ids(res.json().data);
      for (const tag of chosen) {
        for (const item of meditations.filter((candidate) => candidate.tags.includes(tag))) expect(found, `${tag}`).toContain(item.id);
      }
      expect(found).toHaveLength(meditations.filter((item) => shared(item.id, chosen) > 0).length);
      const counts = found.map((id) => shared(id, chosen));
      expect(counts, chosen.join(",")).toEqual([...counts].sort((a, b) => b - a));
    }
    // Both orders of the same tags answer the same list.
    const ab = ids((await get("/api/v1/meditation-sleep?tags=anxiety,sleep&per_page=100")).json().data);
    const ba = ids((await get("/api/v1/meditation-sleep?tags=sleep,anxiety&per_page=100")).json().data);
    expect(ba).toEqual(ab);
    expect(ab.length).toBeGreaterThan(ids((await get("/api/v1/meditation-sleep?tags=anxiety&per_page=100")).json().data).length);
  });

  it("pages", async () => {
    const all = listedItems.filter((item) => item.model === "meditation-sleep");
    const first = (await get("/api/v1/meditation-sleep?per_page=5")).json();
    const second = (await get("/api/v1/meditation-sleep?per_page=5&page=2")).json();
    expect(first.data).toHaveLength(5);
    expect(second.meta).toEqual({ current_page: 2, per_page: 5, total: all.length, last_page: Math.ceil(all.length / 5) });
    expect(ids(second.data).some((id) => ids(first.data).includes(id))).toBe(false);
  });

  it("answers 422 for bad tags and page sizes", async () => {
    expect422(await get("/api/v1/cbt?tags=a%20b"), ["tags"]);
    const many = Array.from({ length: 21 }, (_, i) => `tag-${i}`).join(",");
    const body = expect422(await get(`/api/v1/cbt?tags=${many}`), ["tags"]);
    expect(body.errors.tags).toContain("No more than 20 tags may be given.");
    expect((await get(`/api/v1/cbt?tags=${many.split(",").slice(0, 20).join(",")}`)).statusCode).toBe(200);
    expect422(await get("/api/v1/cbt?per_page=101"), ["per_page"]);
    expect((await get("/api/v1/cbt?per_page=100")).statusCode).toBe(200);
  });

  it("answers 401 without a token", async () => {
    expect((await t.app.inject({ url: "/api/v1/cbt" })).statusCode).toBe(401);
  });
});

describe("GET /api/v1/{model}/{id}", () => {
  const single = itemById(1);
  const locked = listedItems.find((item) => !item.free && item.model === "meditation-sleep" && item.media?.audio_male)!;

  it("gives a free member the streams of a free item, and every detail the player needs", async () => {
    const res = await get(`/api/v1/${single.model}/${single.id}?t=123`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      id: single.id,
      model: single.model,
      name: single.name,
      description: single.description,
      type: single.type,
      free: true,
      favorite: false,
      complete: false,
      watched: false,
      goal: single.goal ?? null,
      audios: [],
      meditation: [],
      amount_lessons: null,
    });
    expect(data.tags.map((tag: { slug: string }) => tag.slug)).toEqual(single.tags);
    expect(data.cover).toBe(`${MEDIA}/covers/${single.slug}.svg`);
    expect(data.background.web).toBe(data.cover);
    for (const variant of ["video_male", "audio_male", "video_female", "audio_female", "audio", "video"] as const) {
      const mediaPath = single.media?.[variant];
      expect(data[variant], variant).toEqual(mediaPath ? playlist(mediaPath) : null);
    }
    expect(data.soundscape).toEqual({ main_format: playlist(single.soundscape!) });
  });

  it("gives no stream of a locked item to a free member, and every stream to a subscriber", async () => {
    expect(locked).toBeDefined();
    const asFree = (await get(`/api/v1/${locked.model}/${locked.id}`)).json().data;
    expect(asFree).toMatchObject({
      id: locked.id,
      free: false,
      audio_male: null,
      audio_female: null,
      video_male: null,
      video_female: null,
    });
    expect(asFree.soundscape === null || asFree.soundscape.main_format === null).toBe(true);
    expect(JSON.stringify(asFree)).not.toContain(".m3u8");

    const asPremium = (await get(`/api/v1/${locked.model}/${locked.id}`, premium.token)).json().data;
    expect(asPremium.audio_male).toEqual(playlist(locked.media!.audio_male!));
    if (locked.soundscape) expect(asPremium.soundscape).toEqual({ main_format: playlist(locked.soundscape) });
  });

  it("lists a course's sessions in order with their positions, free flags and own streams", async () => {
    for (const model of ["meditation-sleep-course", "cbt-course"] as const) {
      const course = listedItems.find((item) => item.model === model && item.children?.some((id) => !itemById(id).free))!;
      const res = await get(`/api/v1/${model}/${course.id}`);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.amount_lessons).toBe(course.children!.length);
      expect(data.audios).toEqual([]);
      expect(ids(data.meditation)).toEqual(course.children);
      for (const [index, session] of data.meditation.entries()) {
        const source = itemById(session.id);
        expect(session).toMatchObject({
          position: index + 1,
          free: source.free,
          name: source.name,
          description: source.description,
          complete: false,
          watched: false,
        });
        const variant = source.media?.audio_male ? "audio_male" : "audio_female";
        // The free member hears free sessions only.
        expect(session[variant]).toEqual(source.free ? playlist(source.media![variant]!) : null);
      }
      const forPremium = (await get(`/api/v1/${model}/${course.id}`, premium.token)).json().data;
      for (const session of forPremium.meditation) {
        const source = itemById(session.id);
        const variant = source.media?.audio_male ? "audio_male" : "audio_female";
        expect(session[variant]).toEqual(playlist(source.media![variant]!));
      }
    }
  });

  it("lists a playlist's audios", async () => {
    const list = listedItems.find((item) => item.model === "music-soundscape-playlist")!;
    const { data } = (await get(`/api/v1/music-soundscape-playlist/${list.id}`, premium.token)).json();
    expect(data.meditation).toEqual([]);
    expect(ids(data.audios)).toEqual(list.children);
    expect(data.audios.map((audio: { position: number }) => audio.position)).toEqual(list.children!.map((_, i) => i + 1));
    for (const audio of data.audios) expect(audio.audio).toEqual(playlist(itemById(audio.id).media!.audio!));
  });

  it("answers 404 for an id of another model and for an unknown id", async () => {
    const course = listedItems.find((item) => item.model === "meditation-sleep-course")!;
    for (const url of [
      `/api/v1/cbt/${single.id}`,
      `/api/v1/meditation-sleep/${course.id}`,
      `/api/v1/meditation-sleep-course/${course.children![0]}`,
      "/api/v1/meditation-sleep/999999",
      "/api/v1/music-soundscape-playlist/2147483647",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: "Not found." });
    }
  });

  it("answers an id that is not a positive whole number exactly like an unknown one", async () => {
    const unknown = await get("/api/v1/meditation-sleep/999999");
    expect(unknown.statusCode).toBe(404);
    for (const id of ["abc", "-1", "1.5", "0", "99999999999", "1e3", "%20", "x".repeat(200)]) {
      const res = await get(`/api/v1/meditation-sleep/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual(unknown.json());
    }
  });
});

describe("GET /api/v1/{model}/{id}/recommendations", () => {
  const subject = itemById(1);

  it("recommends items sharing any of the item's tags, most shared first, never the item itself", async () => {
    const res = await get(`/api/v1/${subject.model}/${subject.id}/recommendations`);
    expect(res.statusCode).toBe(200);
    const cards = res.json().data;
    expect(cards.length).toBeGreaterThan(3);
    expect(ids(cards)).not.toContain(subject.id);
    const shared = cards.map((card: { id: number }) => tagsOf(card.id).filter((tag) => subject.tags.includes(tag)).length);
    for (const count of shared) expect(count).toBeGreaterThanOrEqual(1);
    expect(shared).toEqual([...shared].sort((a, b) => b - a));
    // Inclusive: one shared tag is enough.
    expect(shared).toContain(1);
    for (const card of cards) expect(childIds.has(card.id)).toBe(false);
  });

  it("uses the tags given; is_tags_inclusive=0 wants every one of them", async () => {
    const wanted = ["sleep", "rain"];
    const exclusive = (await get(`/api/v1/${subject.model}/${subject.id}/recommendations?tags=sleep,rain&is_tags_inclusive=0`)).json().data;
    const expected = listedItems.filter((item) => wanted.every((tag) => item.tags.includes(tag))).map((item) => item.id);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect([...ids(exclusive)].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    const inclusive = (await get(`/api/v1/${subject.model}/${subject.id}/recommendations?tags=sleep,rain&is_tags_inclusive=1`)).json().data;
    expect(inclusive.length).toBeGreaterThan(exclusive.length);
    for (const card of inclusive) expect(tagsOf(card.id).some((tag) => wanted.includes(tag))).toBe(true);
    // The item itself never, even when it carries every tag asked for.
    const own = itemById(expected[0]!);
    const forOwn = (await get(`/api/v1/${own.model}/${own.id}/recommendations?tags=sleep,rain&is_tags_inclusive=false`)).json().data;
    expect(ids(forOwn)).not.toContain(own.id);
    expect(forOwn.length).toBe(expected.length - 1);
  });

  it("answers 422 for a bad flag or bad tags, 404 for an unknown item or one of another model", async () => {
    expect422(await get(`/api/v1/${subject.model}/${subject.id}/recommendations?is_tags_inclusive=maybe`), ["is_tags_inclusive"]);
    expect422(await get(`/api/v1/${subject.model}/${subject.id}/recommendations?tags=a%20b`), ["tags"]);
    expect((await get(`/api/v1/${subject.model}/999999/recommendations`)).statusCode).toBe(404);
    expect((await get(`/api/v1/cbt/${subject.id}/recommendations`)).statusCode).toBe(404);
    expect((await get(`/api/v1/cbt/abc/recommendations`)).statusCode).toBe(404);
  });
});

describe("GET /api/v1/tags", () => {
  const slugs = (data: { slug: string }[]) => data.map((tag) => tag.slug).sort();
  const carried = (items: typeof listedItems) => catalogue.tags.filter((tag) => items.some((item) => item.tags.includes(tag.slug)));

  it("lists the tags some item carries, by name", async () => {
    const res = await get("/api/v1/tags?t=1");
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((tag: { slug: string; name: string }) => [tag.slug, tag.name]).sort()).toEqual(
      carried(listedItems)
        .map((tag) => [tag.slug, tag.name])
        .sort(),
    );
    const names = data.map((tag: { name: string }) => tag.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    for (const tag of data) expect(Number.isInteger(tag.id)).toBe(true);
    expect((await t.app.inject({ url: "/api/v1/tags" })).statusCode).toBe(401);
  });

  it("offers for one model only the tags its items carry: every one finds something", async () => {
    for (const model of CONTENT_MODELS) {
      const res = await get(`/api/v1/tags?model=${model}`);
      expect(res.statusCode, model).toBe(200);
      const offered = slugs(res.json().data);
      expect(offered, model).toEqual(slugs(carried(listedItems.filter((item) => item.model === model))));
      for (const slug of offered)
        expect((await get(`/api/v1/${model}?tags=${slug}`)).json().meta.total, `${model} ${slug}`).toBeGreaterThan(0);
    }
    // The demo catalogue has tags no meditation carries (piano, forest): they are not offered there.
    const meditationTags = slugs((await get("/api/v1/tags?model=meditation-sleep")).json().data);
    const everyTag = slugs((await get("/api/v1/tags")).json().data);
    expect(meditationTags.length).toBeLessThan(everyTag.length);
    expect(meditationTags).not.toContain("piano");
  });

  it.each([["model=podcast"], ["model="], ["model=cbt&model=cbt"], ["model=CBT"], ["t=" + "1".repeat(40)]])(
    "answers 422 for %s",
    async (query) => {
      const res = await get(`/api/v1/tags?${query}`);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
    },
  );
});

describe("GET /api/v1/search", () => {
  const search = async (query: string) => {
    const res = await get(`/api/v1/search?${query}`);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return res.json();
  };

  it("finds items from part of a word", async () => {
    const medit = await search("s=medit&per_page=100");
    expect(medit.data.length).toBeGreaterThan(3);
    expect(medit.data.some((card: { type: string }) => card.type === "Meditations")).toBe(true);

    const breath = ids((await search("s=breath&per_page=100")).data);
    for (const item of catalogue.items.filter((candidate) => /\bbreath/i.test(candidate.name)))
      expect(breath, item.name).toContain(item.id);

    const sleep = (await search("s=slee&per_page=100")).data;
    expect(sleep.length).toBeGreaterThan(5);
    expect(ids(sleep)).toContain(findSleepItem());
  });

  it("ranks a match in the name before a match in the description only", async () => {
    for (const [word, byName, byDescription] of [
      ["blanket", 35, 9],
      ["brook", 53, 52],
    ] as const) {
      expect(itemById(byName).name.toLowerCase()).toContain(word);
      expect(itemById(byDescription).name.toLowerCase()).not.toContain(word);
      expect(itemById(byDescription).description.toLowerCase()).toContain(word);
      const found = ids((await search(`s=${word}`)).data);
      expect(found).toContain(byName);
      expect(found).toContain(byDescription);
      expect(found.indexOf(byName), word).toBeLessThan(found.indexOf(byDescription));
    }
  });

  it("narrows by tags (any of them) and pages", async () => {
    const all = (await search("s=slee&per_page=100")).data;
    const rainy = (await search("s=slee&tags=rain&per_page=100")).data;
    expect(rainy.length).toBeGreaterThan(0);
    expect(rainy.length).toBeLessThan(all.length);
    for (const card of rainy) {
      expect(tagsOf(card.id)).toContain("rain");
      expect(ids(all)).toContain(card.id);
    }
    // Two tags with the words: items with either, those with both first.
    const two = ids((await search("s=slee&tags=rain,ocean&per_page=100")).data);
    expect(two.length).toBeGreaterThan(0);
    for (const id of two) expect(tagsOf(id).some((tag) => tag === "rain" || tag === "ocean")).toBe(true);
    const both = two.map((id) => ["rain", "ocean"].filter((tag) => tagsOf(id).includes(tag)).length);
    expect(both).toEqual([...both].sort((a, b) => b - a));
    for (const card of rainy) expect(two).toContain(card.id);

    const onlyTags = (await search("tags=piano&per_page=100")).data;
    expect([...ids(onlyTags)].sort((a, b) => a - b)).toEqual(
      listedItems.filter((item) => item.tags.includes("piano")).map((item) => item.id),
    );

    const first = await search("s=slee&per_page=2");
    const second = await search("s=slee&per_page=2&page=2");
    expect(first.meta).toMatchObject({ current_page: 1, per_page: 2, total: all.length, last_page: Math.ceil(all.length / 2) });
    expect(first.data).toHaveLength(2);
    expect(second.data).toHaveLength(2);
    expect(ids(second.data).some((id) => ids(first.data).includes(id))).toBe(false);
  });

  it.each([
    ["lighthuose", 7],
    ["greenhose", 9],
    ["Lantern Markit", 10],
    ["untangeling", 37],
    ["anxeity", 37],
    ["slow pianno", 45],
    ["gratitdue", 19],
    ["exhael", 12],
  ])("tolerates a typo: %j finds item %i", async (s, id) => {
    const found = ids((await search(`s=${encodeURIComponent(s)}&per_page=100`)).data);
    expect(found, s).toContain(id);
  });

  it("ranks the closest spelling first and leaves unrelated items out", async () => {
    const found = ids((await search("s=lighthuose&per_page=100")).data);
    expect(found[0]).toBe(7);
    expect(found.length).toBeLessThan(5);
    const sleep = ids((await search("s=slepe&per_page=100")).data);
    expect(sleep.length).toBeGreaterThan(3);
    for (const id of sleep.slice(0, 3)) expect(`${itemById(id).name} ${tagsOf(id).join(" ")}`.toLowerCase()).toContain("sle");
    expect((await search("s=qzxwvk")).data).toEqual([]);
  });

  it("matches a word as typed when it finds anything that way, without guessing", async () => {
    // "rain" is found as typed, so "brain"-like guesses are not added: every result carries the word.
    for (const card of (await search("s=rain&per_page=100")).data) {
      const item = itemById(card.id);
      expect(`${item.name} ${item.tags.join(" ")} ${item.description}`.toLowerCase(), item.name).toMatch(/rain/);
    }
    // A typed word and a misspelt one together: both must match.
    const both = ids((await search("s=evening%20lanturn&per_page=100")).data);
    expect(both).toContain(10);
    for (const id of both)
      expect(`${itemById(id).name} ${itemById(id).description} ${tagsOf(id).join(" ")}`.toLowerCase()).toContain("evening");
    // Short words are never guessed at; stop words alone find nothing.
    expect((await search("s=zqx")).data).toEqual([]);
    expect((await search("s=the")).data).toEqual([]);
  });

  it("answers an empty page without a query", async () => {
    for (const query of ["", "s=", "t=123", "s=%20%20"]) {
      const body = await search(query);
      expect(body).toEqual({ data: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 } });
    }
  });

  it("never fails on punctuation, operators or stop words", async () => {
    for (const s of ["!!!", "&|:*()", "'", "\\", "a:*|b", "the", "medit & | !sleep", "<script>", "ümlaut café", "%"]) {
      const res = await get(`/api/v1/search?s=${encodeURIComponent(s)}`);
      expect(res.statusCode, s).toBe(200);
      expect(Array.isArray(res.json().data)).toBe(true);
    }
  });

  it("answers 422 for a query over 200 characters", async () => {
    const body = expect422(await get(`/api/v1/search?s=${"a".repeat(201)}`), ["s"]);
    expect(body.errors.s).toEqual(["The s may not be greater than 200 characters."]);
    expect((await get(`/api/v1/search?s=${"a".repeat(200)}`)).statusCode).toBe(200);
    expect422(await get("/api/v1/search?s=sleep&tags=a%20b"), ["tags"]);
  });
});

function findSleepItem(): number {
  return listedItems.find((item) => /sleep/i.test(item.name))!.id;
}

describe("GET /api/v1/collection/{id}", () => {
  it("answers the collection and its items in order", async () => {
    const collection = catalogue.collections[1]!;
    const res = await get(`/api/v1/collection/${collection.id}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ id: collection.id, name: collection.name, description: collection.description });
    expect(ids(data.content)).toEqual(collection.items);
  });

  it("answers 404 for an unknown collection and for a malformed id", async () => {
    expect((await get("/api/v1/collection/999999")).statusCode).toBe(404);
    expect((await get("/api/v1/collection/abc")).json()).toEqual((await get("/api/v1/collection/999999")).json());
    expect((await t.app.inject({ url: `/api/v1/collection/${catalogue.collections[0]!.id}` })).statusCode).toBe(401);
  });
});

describe("GET /api/v1/personal-plan-by-day", () => {
  it("answers all 14 days and the member's current day", async () => {
    const res = await get("/api/v1/personal-plan-by-day");
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.current_day).toBe(1);
    expect(data.total_days).toBe(14);
    expect(data.days.map((day: { day: number }) => day.day)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    for (const day of data.days) expect(ids(day.content)).toEqual(catalogue.plan.find((entry) => entry.day === day.day)!.items);
  });

  it("answers one day when asked", async () => {
    const { data } = (await get("/api/v1/personal-plan-by-day?day=3")).json();
    expect(data.days).toHaveLength(1);
    expect(data.days[0].day).toBe(3);
    expect(ids(data.days[0].content)).toEqual(catalogue.plan.find((entry) => entry.day === 3)!.items);
    expect(data.current_day).toBe(1);
  });

  it("answers 404 for a day the plan does not have and 422 for a day that is not a day", async () => {
    const missing = await get("/api/v1/personal-plan-by-day?day=99");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("There is no such day in the plan.");
    expect422(await get("/api/v1/personal-plan-by-day?day=0"), ["day"]);
    expect422(await get("/api/v1/personal-plan-by-day?day=abc"), ["day"]);
    expect422(await get("/api/v1/personal-plan-by-day?day=2.5"), ["day"]);
  });
});
