import { eq } from "drizzle-orm";
import { quizAnswers, users } from "@serene/db";
import { QUIZ_GOALS, quizScore, resultBand } from "@serene/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, randomIp, registerMember, uniqueEmail, whoAmI } from "../../test/accounts.ts";
import { listedItems } from "../../test/content.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ url });
const answer = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/v1/quiz", payload: payload as object, headers, remoteAddress: randomIp() });
const answersOf = (id: string) => t.database.db.select().from(quizAnswers).where(eq(quizAnswers.id, id));

describe("GET /api/v1/quiz and /api/v1/quiz/web/{id}", () => {
  it("answers the onboarding quiz for web, with every option set of the spec", async () => {
    const res = await get("/api/v1/quiz?platform=web&t=1");
    expect(res.statusCode, res.body).toBe(200);
    const quiz = res.json().data;
    expect(quiz).toMatchObject({ slug: "onboarding", type: "onboarding", is_custom: false });
    expect(quiz.total).toBe(quiz.steps.length);
    const field = (key: string) => quiz.steps.find((step: { field: { key: string } }) => step.field.key === key).field;
    expect(Object.fromEntries(field("goal").options.map((o: { key: string; label: string }) => [o.key, o.label]))).toEqual(QUIZ_GOALS);
    expect(field("gender").options.map((o: { label: string }) => o.label)).toEqual(["Male", "Female", "Non-binary"]);
    expect(field("typical_day").options.map((o: { label: string }) => o.label)).toEqual([
      "At the office",
      "Daily long walks",
      "Mostly at home",
      "Physical work",
    ]);
    expect(field("tension")).toEqual({ key: "tension", kind: "range", default: 50 });
    // The per-goal copy the results screen shows.
    expect(quiz.goals.map((copy: { goal: string }) => copy.goal).sort()).toEqual(Object.keys(QUIZ_GOALS).sort());
    // Result rules are not part of the public quiz.
    expect(res.body).not.toContain("checkout_id");
    const custom = await get("/api/v1/quiz/web/calm-check-in");
    expect(custom.body).not.toContain("score");
    expect(custom.body).not.toContain("bands");
  });

  it("finds a quiz by id and by slug, and answers 404 for an unknown one", async () => {
    const bySlug = await get("/api/v1/quiz/web/calm-check-in");
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().data).toMatchObject({ type: "Lead Quiz", is_custom: true });
    const byId = await get(`/api/v1/quiz/web/${bySlug.json().data.id}`);
    expect(byId.json()).toEqual(bySlug.json());
    for (const unknown of ["no-such-quiz", "9999", "0"]) {
      const res = await get(`/api/v1/quiz/web/${unknown}`);
      expect(res.statusCode, unknown).toBe(404);
      expect(res.json()).toEqual({ message: "Quiz not found." });
    }
  });

  it("refuses a platform other than web", async () => {
    const res = await get("/api/v1/quiz?platform=ios");
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(["platform"]);
  });
});

describe("GET /api/v1/quiz/fields", () => {
  it("lists the field kinds and the answer form's sliders at 50 and lists", async () => {
    const res = await get("/api/v1/quiz/fields");
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.kinds).toEqual(["multi select", "multi text", "text", "select", "range"]);
    expect(data.sliders).toHaveLength(13);
    expect(
      data.sliders.every(
        (slider: { default: number; min: number; max: number }) => slider.default === 50 && slider.min === 0 && slider.max === 100,
      ),
    ).toBe(true);
    expect(data.lists).toContain("sleep_habits");
    expect(data.lists).toContain("content_type");
  });
});

describe("GET /api/v1/quiz-builder/{id}", () => {
  it("answers the result rules, checkout and per-goal copy of a custom quiz", async () => {
    for (const slug of ["calm-check-in", "better-evenings", "one-thing-today"]) {
      const res = await get(`/api/v1/quiz-builder/${slug}`);
      expect(res.statusCode, slug).toBe(200);
      const data = res.json().data;
      expect(data.slug).toBe(slug);
      expect(data.result.bands.length).toBeGreaterThan(0);
      expect(data.checkout_id).toBeGreaterThan(0);
      for (const copy of data.goals)
        expect(Object.keys(copy).sort()).toEqual(["answer_key", "goal", "model_key", "question", "subtitle", "title"]);
    }
  });

  it("answers the scored fields, so answers kept on the device get the same score and band as on the server", async () => {
    const answers = { goal: "REDUCE_STRESS", stress: ["racing_thoughts", "tight_body"], breathing: "rarely", evenings: "hard" };
    const { result } = (await get("/api/v1/quiz-builder/calm-check-in")).json().data;
    expect(result.fields.length).toBeGreaterThan(0);
    const stored = (await answer({ quiz: "calm-check-in", answers })).json().data;
    expect(quizScore(result.fields, answers)).toBe(stored.score);
    expect(resultBand(result.bands, stored.score)).toEqual(stored.result);
  });

  it("answers 404 for an unknown quiz and for the onboarding quiz, which is not custom", async () => {
    for (const id of ["onboarding", "1", "no-such-quiz"]) expect((await get(`/api/v1/quiz-builder/${id}`)).statusCode, id).toBe(404);
  });
});

describe("POST /api/v1/quiz", () => {
  it("stores a signed-in member's answers against them and makes their goal answer their goal", async () => {
    const member = await registerMember(t.app, t.database, { name: "Quizzer" });
    const res = await answer(
      {
        quiz: "onboarding",
        answers: { goal: "SLEEP_BETTER", age: "30s", emotions: ["Stress", "Sadness"], tension: 70 },
        email: "ignored@example.test",
      },
      bearer(member.token),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ goal: "SLEEP_BETTER", outcome_percentage: 90, result: null, checkout_id: 1 });
    const [row] = await answersOf(res.json().data.id);
    expect(row).toMatchObject({ userId: member.id, email: null, answers: { goal: "SLEEP_BETTER", age: "30s", tension: 70 } });
    const [user] = await t.database.db.select({ goal: users.goal }).from(users).where(eq(users.id, member.id));
    expect(user!.goal).toBe("SLEEP_BETTER");
    expect((await whoAmI(t.app, member.token)).json().goal).toBe("SLEEP_BETTER");

    // The recommendations follow the new goal.
    const forGoal = listedItems.filter((item) => item.goal === "SLEEP_BETTER").map((item) => item.id);
    const recommended = (await t.app.inject({ url: "/api/v1/recommendation", headers: bearer(member.token) })).json().data as {
      id: number;
    }[];
    expect(
      recommended
        .slice(0, forGoal.length)
        .map((card) => card.id)
        .sort((a, b) => a - b),
    ).toEqual(forGoal);
  });

  it("stores an anonymous answer with the e-mail given, and computes a custom quiz's band", async () => {
    const email = uniqueEmail("quiz");
    const res = await answer({
      quiz: "calm-check-in",
      answers: { goal: "REDUCE_STRESS", stress: ["racing_thoughts", "tight_body"], breathing: "rarely", evenings: "hard" },
      email,
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ goal: "REDUCE_STRESS", outcome_percentage: 91, score: 8 });
    expect(data.result.title).toBe("Stress has been asking a lot of you");
    const [row] = await answersOf(data.id);
    expect(row).toMatchObject({ userId: null, leadId: null, email, quizId: data.quiz_id });
  });

  it("answers 401 for a bearer token that is not live, and stores nothing", async () => {
    const before = (await t.database.db.select().from(quizAnswers)).length;
    const res = await answer({ quiz: "onboarding", answers: { goal: "SLEEP_BETTER" } }, bearer("not-a-token"));
    expect(res.statusCode).toBe(401);
    expect((await t.database.db.select().from(quizAnswers)).length).toBe(before);
  });

  const badAnswers: [string, unknown, string][] = [
    ["an unknown quiz", { quiz: "no-such-quiz", answers: {} }, "quiz"],
    ["an unknown field", { quiz: "onboarding", answers: { shoe_size: "42" } }, "answers.shoe_size"],
    ["a goal that is not an option", { quiz: "onboarding", answers: { goal: "WIN_LOTTERY" } }, "answers.goal"],
    ["a select given a list", { quiz: "onboarding", answers: { gender: ["Male"] } }, "answers.gender"],
    ["a multi select with a foreign option", { quiz: "onboarding", answers: { emotions: ["Stress", "Joy"] } }, "answers.emotions"],
    ["a multi select given one text", { quiz: "onboarding", answers: { emotions: "Stress" } }, "answers.emotions"],
    ["a slider above 100", { quiz: "onboarding", answers: { tension: 101 } }, "answers.tension"],
    ["a slider below 0", { quiz: "onboarding", answers: { mood: -1 } }, "answers.mood"],
    ["a slider given text", { quiz: "onboarding", answers: { mood: "50" } }, "answers.mood"],
    ["a text given a number", { quiz: "calm-check-in", answers: { thoughts: 5 } }, "answers.thoughts"],
    ["another quiz's field", { quiz: "one-thing-today", answers: { tension: 50 } }, "answers.tension"],
    ["a bad e-mail", { quiz: "onboarding", answers: {}, email: "not-an-email" }, "email"],
    ["no answers", { quiz: "onboarding" }, "answers"],
    ["no quiz", { answers: {} }, "quiz"],
  ];
  it.each(badAnswers)("refuses %s with 422 naming the field, storing nothing", async (_name, payload, field) => {
    const before = (await t.database.db.select().from(quizAnswers)).length;
    const res = await answer(payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect((await t.database.db.select().from(quizAnswers)).length).toBe(before);
  });
});
