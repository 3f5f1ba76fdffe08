import { loadWorkbooks } from "@serene/content";
import { WORKBOOK_ANSWER_TYPE, WORKBOOK_FIELD_KINDS, type WorkbookDefinition, type WorkbookQuestion } from "@serene/contracts";
import { ENTRY_MESSAGES, WORKBOOK_MULTI_TEXT_ITEMS, askedQuestions } from "@serene/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../plugins/rate-limit.ts";
import { bearer, randomIp, registerMember, rows, type Member, subscribe } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { createWorkbooksRepository } from "./workbooks.repository.ts";
import { WORKBOOK_ENTRY_BODY_LIMIT } from "./workbooks.routes.ts";
import { checkedWorkbooks, createWorkbooksService, WORKBOOK_NAMES } from "./workbooks.service.ts";

let t: TestApp;
let free: Member;
let subscriber: Member;
beforeAll(async () => {
  t = await createTestApp();
  free = await registerMember(t.app, t.database, { name: "Free" });
  subscriber = await registerMember(t.app, t.database, { name: "Subscriber" });
  await subscribe(t.database, subscriber.id);
});
afterAll(async () => t.close());

const shipped = checkedWorkbooks(loadWorkbooks());
const byName = (name: string) => shipped.find((workbook) => workbook.name === name)!;
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const ENTRY_NOT_FOUND = { message: "Worksheet not found." };
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ID = {
  general: 1,
  goals: 2,
  ladder: 3,
  emotion: 4,
  moods: 5,
  record: 6,
  review: 7,
  pleasure: 8,
  chain: 9,
  destroyer: 10,
  distortions: 11,
};

type Method = "GET" | "POST" | "DELETE";
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: randomIp(),
  });

/** A fitting answer for one question: the first option (every option for the group question), the range's low end plus one. */
function answerFor(question: WorkbookQuestion, all = false): string | number | string[] | undefined {
  const options = (question.answer.options ?? []).map((option) => option.value);
  switch (question.kind) {
    case "text":
      return `About ${question.id}.`;
    case "multi_text":
      return [`First for ${question.id}`, `Second for ${question.id}`];
    case "select":
      return options[0];
    case "multi_select":
      return all ? options : options.slice(0, 1);
    case "range":
      return question.answer.range!.min + 1;
    case "instruction":
      return undefined;
  }
}

/** Answers to every question the member is asked, with `chosen` groups (every group by default). */
function answersFor(workbook: WorkbookDefinition, chosen?: string[]): Record<string, string | number | string[]> {
  const answers: Record<string, string | number | string[]> = {};
  const index = workbook.group_question;
  if (index !== null) answers[workbook.questions[index]!.id] = chosen ?? (answerFor(workbook.questions[index]!, true) as string[]);
  for (const question of askedQuestions(workbook, answers)) {
    if (question.id in answers) continue;
    const value = answerFor(question);
    if (value !== undefined) answers[question.id] = value;
  }
  return answers;
}

const save = async (member: Member, workbookId: number, answers = answersFor(shipped[workbookId - 1]!)) => {
  const res = await call("POST", "/user/workbook", member.token, { workbook_id: workbookId, answers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    data: { id: string; workbook_id: number; answers: { question_id: string; display: string }[] };
    earned: unknown[];
  };
};
const cards = async (member: Member) => {
  const res = await call("GET", "/workbooks?t=1700000000000", member.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: number;
    name: string;
    available: boolean;
    locked_reason: string | null;
    completed: boolean;
    latest_entry_id: string | null;
    free: boolean;
  }[];
};
const entriesOf = (member: Member) =>
  rows(t.database, "select id, workbook_id, answers from workbook_entries where user_id = $1 order by created_at, id", [member.id]);

describe("the shipped workbooks", () => {
  it("are the spec's eleven, ids 1 to 11 in its order, each with its technique, and use every field kind", () => {
    expect(shipped.map((workbook) => [workbook.id, workbook.name])).toEqual(WORKBOOK_NAMES.map((name, index) => [index + 1, name]));
    expect(byName("Setting Goals").aliases).toEqual(["Goals"]);
    for (const workbook of shipped) {
      expect(workbook.description.length, workbook.name).toBeGreaterThan(40);
      expect(workbook.technique.length, workbook.name).toBeGreaterThan(40);
      expect(workbook.minutes, workbook.name).toBeGreaterThan(0);
      expect(workbook.questions.length, workbook.name).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(shipped.flatMap((workbook) => workbook.questions.map((question) => question.kind)))).toEqual(
      new Set(WORKBOOK_FIELD_KINDS),
    );
  });

  it("choose groups with the first question (General Issues, Goals), the second (Monitoring Moods), the third (Thought Record)", () => {
    expect(
      shipped.filter((workbook) => workbook.group_question !== null).map((workbook) => [workbook.name, workbook.group_question]),
    ).toEqual([
      ["General Issues", 0],
      ["Setting Goals", 0],
      ["Monitoring Moods", 1],
      ["Thought Record", 2],
    ]);
    // Each group option names the group of later questions, and every later group is an option (or Goals' own first group).
    for (const workbook of shipped.filter((w) => w.group_question !== null)) {
      const index = workbook.group_question!;
      const options = workbook.questions[index]!.answer.options!.map((option) => option.value.toLowerCase());
      const later = new Set(workbook.questions.slice(index + 1).map((question) => question.group.toLowerCase()));
      for (const option of options) expect(later.has(option), `${workbook.name}: ${option}`).toBe(true);
      const own = workbook.name === "Setting Goals" ? [workbook.questions[0]!.group.toLowerCase()] : [];
      expect(
        [...later].filter((group) => !options.includes(group) && !own.includes(group)),
        workbook.name,
      ).toEqual([]);
    }
  });

  it("open the Exposure Hierarchy with the spec's instruction item, then activities rated 0–100", () => {
    const [first, ...rest] = byName("Exposure Hierarchy").questions;
    expect(first).toMatchObject({
      id: "0000",
      kind: "instruction",
      text: "Rate the level of distress that you predict the following specified activities could provoke.",
      answer: { required: false, options: null, range: null, max_length: null },
    });
    const ranges = rest.filter((question) => question.kind === "range");
    expect(ranges.length).toBeGreaterThanOrEqual(3);
    for (const question of ranges) expect(question.answer.range).toMatchObject({ min: 0, max: 100 });
  });

  it("say, where they ask about hard thoughts and feelings, that it is fine to skip or stop and to seek support", () => {
    for (const name of [
      "General Issues",
      "Exposure Hierarchy",
      "Monitoring Moods",
      "Thought Record",
      "Thought Chain Effect",
      "Bad Thoughts Destroyer",
      "Cognitive Distortions",
    ]) {
      const gentle = byName(name).questions.filter((question) => question.hint?.includes("someone you trust or a professional"));
      expect(gentle.length, name).toBeGreaterThan(0);
      for (const question of gentle)
        expect(question.hint, `${name} ${question.id}`).toMatch(question.answer.required ? /fine to stop/ : /fine to skip/);
    }
  });

  it("are free where decided (General Issues, Setting Goals, Thought Record), the rest for subscribers", () => {
    expect(shipped.filter((workbook) => workbook.free).map((workbook) => workbook.name)).toEqual([
      "General Issues",
      "Setting Goals",
      "Thought Record",
    ]);
  });

  it("fit their longest possible entry under the body limit, in three-byte characters", () => {
    for (const workbook of shipped) {
      const answers: Record<string, unknown> = {};
      for (const question of workbook.questions) {
        const long = "語".repeat(question.answer.max_length ?? 0);
        if (question.kind === "text") answers[question.id] = long;
        if (question.kind === "multi_text") answers[question.id] = Array.from({ length: WORKBOOK_MULTI_TEXT_ITEMS }, () => long);
        if (question.kind === "multi_select") answers[question.id] = question.answer.options!.map((option) => option.value);
        if (question.kind === "select") answers[question.id] = question.answer.options![0]!.value;
        if (question.kind === "range") answers[question.id] = question.answer.range!.max;
      }
      const bytes = Buffer.byteLength(JSON.stringify({ workbook_id: workbook.id, answers }));
      expect(bytes, workbook.name).toBeLessThan(WORKBOOK_ENTRY_BODY_LIMIT);
    }
  });

  it("stop start-up when they do not fit", () => {
    const raw = loadWorkbooks() as WorkbookDefinition[];
    const copy = () => structuredClone(raw);
    const check = (file: unknown) => () => checkedWorkbooks(file);
    expect(check(copy())).not.toThrow();
    expect(check(copy().slice(1))).toThrow(/must be, in order/);
    const renamed = copy();
    renamed[3]!.name = "Feelings";
    expect(check(renamed)).toThrow(/must be, in order/);
    const orphan = copy();
    orphan[0]!.questions[0]!.answer.options!.push({ value: "Money", label: "Money" });
    expect(check(orphan)).toThrow(/option "money" is not the group of a later question/);
    const noInstruction = copy();
    noInstruction[2]!.questions.shift();
    expect(check(noInstruction)).toThrow(/must open with the instruction 0000/);
    const renumbered = copy();
    renumbered[4]!.id = 40;
    expect(check(renumbered)).toThrow(/must have the id 5/);
    const unknownKind = copy();
    (unknownKind[1]!.questions[1] as { kind: string }).kind = "slider";
    expect(check(unknownKind)).toThrow();
    expect(check({ workbooks: raw })).toThrow();
  });
});

describe("GET /workbooks: the member's view", () => {
  it("shows a new free member the free workbooks open, the others for subscribers, and the gated ones with the spec's tooltip", async () => {
    const member = await registerMember(t.app, t.database);
    const list = await cards(member);
    expect(list.map((card) => card.name)).toEqual([...WORKBOOK_NAMES]);
    const view = Object.fromEntries(list.map((card) => [card.name, [card.free, card.available, card.locked_reason]]));
    expect(view).toEqual({
      "General Issues": [true, true, null],
      "Setting Goals": [true, true, null],
      "Exposure Hierarchy": [false, false, null],
      "Components Of Emotion": [false, false, null],
      "Monitoring Moods": [false, false, null],
      "Thought Record": [true, true, null],
      "Thought Record Review": [false, false, 'Workbook "Thought Record" not completed yet'],
      "Pleasure And Mastery List": [false, false, null],
      "Thought Chain Effect": [false, false, 'Workbook "Thought Record" not completed yet'],
      "Bad Thoughts Destroyer": [false, false, 'Workbook "Thought Chain Effect" not completed yet'],
      "Cognitive Distortions": [false, false, null],
    });
    expect(list.every((card) => !card.completed && card.latest_entry_id === null)).toBe(true);
    expect(list[1]).toMatchObject({ aliases: ["Goals"], technique: expect.stringContaining("SMART"), minutes: expect.any(Number) });
  });

  it("opens every workbook but the gated ones to a subscriber; a completed workbook opens those waiting for it", async () => {
    const member = await registerMember(t.app, t.database);
    await subscribe(t.database, member.id);
    const before = await cards(member);
    expect(before.filter((card) => !card.available).map((card) => card.name)).toEqual([
      "Thought Record Review",
      "Thought Chain Effect",
      "Bad Thoughts Destroyer",
    ]);

    const record = await save(member, ID.record);
    const afterRecord = await cards(member);
    expect(afterRecord[ID.record - 1]).toMatchObject({ completed: true, latest_entry_id: record.data.id, available: true });
    expect(afterRecord[ID.review - 1]).toMatchObject({ available: true, locked_reason: null, completed: false });
    expect(afterRecord[ID.chain - 1]).toMatchObject({ available: true, locked_reason: null });
    expect(afterRecord[ID.destroyer - 1]).toMatchObject({
      available: false,
      locked_reason: 'Workbook "Thought Chain Effect" not completed yet',
    });

    await save(member, ID.chain);
    const again = await save(member, ID.record);
    const afterChain = await cards(member);
    expect(afterChain[ID.destroyer - 1]).toMatchObject({ available: true, locked_reason: null });
    // The latest entry of a workbook completed twice.
    expect(afterChain[ID.record - 1]!.latest_entry_id).toBe(again.data.id);
  });

  it("shows a free member who completed Thought Record the gate lifted, the subscription still needed", async () => {
    const member = await registerMember(t.app, t.database);
    await save(member, ID.record);
    const list = await cards(member);
    expect(list[ID.review - 1]).toMatchObject({ available: false, locked_reason: null, free: false });
    expect(list[ID.destroyer - 1]!.locked_reason).toBe('Workbook "Thought Chain Effect" not completed yet');
  });
});

describe("GET /workbook/{id}", () => {
  it("answers the workbook with its questions and the member's view", async () => {
    const res = await call("GET", "/workbook/3?t=1", free.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const workbook = res.json().data;
    const { questions, group_question, ...card } = byName("Exposure Hierarchy");
    expect(workbook).toEqual({
      ...card,
      available: false,
      locked_reason: null,
      completed: false,
      latest_entry_id: null,
      group_question,
      questions,
    });
    expect(workbook.questions[0].id).toBe("0000");
    const goals = (await call("GET", "/workbook/2", free.token)).json().data;
    expect(goals).toMatchObject({ name: "Setting Goals", aliases: ["Goals"], group_question: 0, available: true });
  });

  it("answers 404 'Workbook not found.' for any other id", async () => {
    for (const id of ["0", "12", "99", "01", "-1", "1.5", "abc", "1e1", "99999999999", "%20"]) {
      const res = await call("GET", `/workbook/${id}`, free.token);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual({ message: "Workbook not found." });
    }
  });
});

describe("saving a worksheet", () => {
  it("saves a completed workbook (201), reads it back with every answer as a person reads it, and deletes it", async () => {
    const member = await registerMember(t.app, t.database);
    const answers = {
      q1: "  A tense meeting at work.  ",
      q2: "They think I'm useless.",
      q3: ["Feelings", "Balanced"],
      q4: ["Anxious", "Hurt"],
      q5: 80,
    };
    const missing = await call("POST", "/user/workbook", member.token, { workbook_id: ID.record, answers });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ "answers.q8": [ENTRY_MESSAGES.required], "answers.q9": [ENTRY_MESSAGES.required] });

    const created = await call("POST", "/user/workbook/?t=1700000000000", member.token, {
      workbook_id: ID.record,
      answers: { ...answers, q8: "It was one meeting; they asked for my view.", q9: 30, q10: null },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers["cache-control"]).toBe("no-store");
    const body = created.json();
    // A first completed workbook earns its badge, once.
    expect(body.earned).toEqual([{ name: "Reflective Writer", machine_name: "first_worksheet", description: expect.any(String) }]);
    expect(body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      workbook_id: ID.record,
      workbook_name: "Thought Record",
      created_at: expect.stringMatching(ISO_UTC),
      answers: [
        {
          question_id: "q1",
          question: "What was the situation?",
          group: "Record",
          kind: "text",
          value: "A tense meeting at work.",
          display: "A tense meeting at work.",
        },
        expect.objectContaining({ question_id: "q2", value: "They think I'm useless." }),
        expect.objectContaining({
          question_id: "q3",
          kind: "multi_select",
          value: ["Feelings", "Balanced"],
          display: "Name and rate my feelings, Find a more balanced view",
        }),
        expect.objectContaining({ question_id: "q4", value: ["Anxious", "Hurt"], display: "Anxious, Hurt" }),
        expect.objectContaining({ question_id: "q5", kind: "range", value: 80, display: "80 of 100" }),
        expect.objectContaining({ question_id: "q8", group: "Balanced" }),
        expect.objectContaining({ question_id: "q9", value: 30, display: "30 of 100" }),
      ],
    });
    expect(await entriesOf(member)).toEqual([
      {
        id: body.data.id,
        workbook_id: ID.record,
        answers: {
          q1: "A tense meeting at work.",
          q2: "They think I'm useless.",
          q3: ["Feelings", "Balanced"],
          q4: ["Anxious", "Hurt"],
          q5: 80,
          q8: "It was one meeting; they asked for my view.",
          q9: 30,
        },
      },
    ]);

    const read = await call("GET", `/user/workbook/${body.data.id}?t=5`, member.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ data: body.data });
    expect((await call("GET", `/user/workbook/${body.data.id.toUpperCase()}`, member.token)).json()).toEqual({ data: body.data });

    const deleted = await call("DELETE", `/user/workbook/${body.data.id}?t=1700000000001`, member.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: "Successfully deleted" });
    expect(await entriesOf(member)).toEqual([]);
    for (const method of ["GET", "DELETE"] as const) {
      const again = await call(method, `/user/workbook/${body.data.id}`, member.token);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(ENTRY_NOT_FOUND);
    }
    // Deleting the only entry makes the workbook not completed again.
    expect((await cards(member))[ID.record - 1]).toMatchObject({ completed: false, latest_entry_id: null });
  });

  it("saves an entry of every workbook for a subscriber (gated ones in order), with the groups the member chose", async () => {
    const member = await registerMember(t.app, t.database);
    await subscribe(t.database, member.id);
    // Thought Record (6) comes before the two waiting for it, Thought Chain Effect (9) before Bad Thoughts Destroyer (10).
    for (const id of [1, 2, 3, 4, 5, 6, 8, 11, 7, 9, 10]) await save(member, id);
    expect((await cards(member)).every((card) => card.completed && card.available)).toBe(true);

    // Only the chosen groups are asked; an answer to a group not chosen is refused.
    const moods = byName("Monitoring Moods");
    const onlyContent = answersFor(moods, ["Content"]);
    expect(Object.keys(onlyContent).sort()).toEqual(["q1", "q11", "q12", "q2"]);
    await save(member, ID.moods, onlyContent);
    const refused = await call("POST", "/user/workbook", member.token, { workbook_id: ID.moods, answers: { ...onlyContent, q3: 50 } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ "answers.q3": [ENTRY_MESSAGES.notAsked] });
    // Goals keeps its own first group whatever is chosen.
    const goals = byName("Setting Goals");
    const work = answersFor(goals, ["Work"]);
    expect(Object.keys(work).sort()).toEqual(["q1", "q10", "q14", "q15", "q16", "q8", "q9"]);
    await save(member, ID.goals, work);
  });

  it("refuses a subscriber-only workbook to a member without access with 403, and stores nothing", async () => {
    const member = await registerMember(t.app, t.database);
    for (const id of [ID.ladder, ID.moods, ID.distortions]) {
      const res = await call("POST", "/user/workbook", member.token, { workbook_id: id, answers: answersFor(shipped[id - 1]!) });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        message: `The workbook "${shipped[id - 1]!.name}" is part of the subscription. Subscribe to fill it in.`,
      });
    }
    // Even with bad answers, the subscription is what the member needs to hear about.
    expect((await call("POST", "/user/workbook", member.token, { workbook_id: ID.emotion, answers: {} })).statusCode).toBe(403);
    expect(await entriesOf(member)).toEqual([]);
    // A subscription that ended gives no access either.
    await subscribe(t.database, member.id, { status: "expired", currentPeriodEnd: new Date(Date.now() - 86_400_000) });
    expect(
      (await call("POST", "/user/workbook", member.token, { workbook_id: ID.ladder, answers: answersFor(byName("Exposure Hierarchy")) }))
        .statusCode,
    ).toBe(403);
  });

  it("refuses a gated workbook before its prerequisite is completed: 422 on workbook_id with the tooltip", async () => {
    const member = await registerMember(t.app, t.database);
    await subscribe(t.database, member.id);
    for (const [id, tooltip] of [
      [ID.review, 'Workbook "Thought Record" not completed yet'],
      [ID.chain, 'Workbook "Thought Record" not completed yet'],
      [ID.destroyer, 'Workbook "Thought Chain Effect" not completed yet'],
    ] as const) {
      const res = await call("POST", "/user/workbook", member.token, { workbook_id: id, answers: answersFor(shipped[id - 1]!) });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ message: tooltip, errors: { workbook_id: [tooltip] } });
    }
    expect(await entriesOf(member)).toEqual([]);
    await save(member, ID.record);
    await save(member, ID.review);
    const stillWaiting = await call("POST", "/user/workbook", member.token, {
      workbook_id: ID.destroyer,
      answers: answersFor(byName("Bad Thoughts Destroyer")),
    });
    expect(stillWaiting.json().errors).toEqual({ workbook_id: ['Workbook "Thought Chain Effect" not completed yet'] });
  });
});

describe("bad worksheets are refused with 422 and nothing is stored", () => {
  const general = () => answersFor(shipped[0]!, ["Sleep"]);
  const required = ENTRY_MESSAGES.required;
  const cases: [string, unknown, Record<string, string[]>][] = [
    ["nothing", {}, { workbook_id: ["The workbook id field is required."], answers: ["The answers field is required."] }],
    ["no answers", { workbook_id: 1 }, { answers: ["The answers field is required."] }],
    ["a workbook id as text", { workbook_id: "1", answers: {} }, { workbook_id: ["The workbook id field must be a number."] }],
    ["an unknown workbook", { workbook_id: 12, answers: {} }, { workbook_id: ["The selected workbook id is invalid."] }],
    ["a huge workbook id", { workbook_id: 2 ** 40, answers: {} }, { workbook_id: ["The selected workbook id is invalid."] }],
    ["answers as a list", { workbook_id: 1, answers: ["Sleep"] }, { answers: [expect.any(String)] as unknown as string[] }],
    ["required answers missing", { workbook_id: 1, answers: { q1: ["Sleep"] } }, { "answers.q2": [required], "answers.q3": [required] }],
    ["blank required text", { workbook_id: 1, answers: { ...general(), q2: "   " } }, { "answers.q2": [required] }],
    [
      "an option not offered",
      { workbook_id: 1, answers: { ...general(), q1: ["Sleep", "Money"] } },
      { "answers.q1": [ENTRY_MESSAGES.notAnOption("Money")] },
    ],
    ["a range out of bounds", { workbook_id: 1, answers: { ...general(), q3: 11 } }, { "answers.q3": [ENTRY_MESSAGES.outOfRange(0, 10)] }],
    ["a range not whole", { workbook_id: 1, answers: { ...general(), q3: 2.5 } }, { "answers.q3": [ENTRY_MESSAGES.number] }],
    ["a range as text", { workbook_id: 1, answers: { ...general(), q3: "5" } }, { "answers.q3": [ENTRY_MESSAGES.number] }],
    [
      "text too long",
      { workbook_id: 1, answers: { ...general(), q2: "z".repeat(1001) } },
      { "answers.q2": [ENTRY_MESSAGES.tooLong(1000)] },
    ],
    ["an unknown question", { workbook_id: 1, answers: { ...general(), q99: "Hello" } }, { "answers.q99": [ENTRY_MESSAGES.unknown] }],
    [
      "a question of a group not chosen",
      { workbook_id: 1, answers: { ...general(), q4: "Deadlines" } },
      { "answers.q4": [ENTRY_MESSAGES.notAsked] },
    ],
    [
      "a question id named like an object property",
      { workbook_id: 1, answers: { ...general(), constructor: "x", toString: "y" } },
      { "answers.constructor": [ENTRY_MESSAGES.unknown], "answers.toString": [ENTRY_MESSAGES.unknown] },
    ],
    ["an object as an answer", { workbook_id: 1, answers: { ...general(), q2: { text: "hi" } } }, { "answers.q2": [WORKBOOK_ANSWER_TYPE] }],
    ["numbers in a list", { workbook_id: 1, answers: { ...general(), q1: [1, 2] } }, { "answers.q1": [WORKBOOK_ANSWER_TYPE] }],
  ];

  it.each(cases)("%s", async (_case, body, errors) => {
    const member = await registerMember(t.app, t.database);
    const res = await call("POST", "/user/workbook", member.token, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual(errors);
    expect(typeof res.json().message).toBe("string");
    expect(await entriesOf(member)).toEqual([]);
  });

  it("refuses an answer to the Exposure Hierarchy's instruction, and too many items in a list", async () => {
    const ladder = answersFor(byName("Exposure Hierarchy"));
    const res = await call("POST", "/user/workbook", subscriber.token, {
      workbook_id: ID.ladder,
      answers: { ...ladder, "0000": "Read it." },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ "answers.0000": [ENTRY_MESSAGES.instruction] });
    const emotion = answersFor(byName("Components Of Emotion"));
    const many = Array.from({ length: WORKBOOK_MULTI_TEXT_ITEMS + 1 }, (_, n) => `Thought ${n}`);
    const listed = await call("POST", "/user/workbook", subscriber.token, { workbook_id: ID.emotion, answers: { ...emotion, q2: many } });
    expect(listed.json().errors).toEqual({ "answers.q2": [ENTRY_MESSAGES.tooManyItems(WORKBOOK_MULTI_TEXT_ITEMS)] });
  });

  it("ignores fields it does not know (an id, an owner, a date)", async () => {
    const member = await registerMember(t.app, t.database);
    const res = await call("POST", "/user/workbook", member.token, {
      workbook_id: ID.general,
      answers: answersFor(shipped[0]!),
      id: UNKNOWN_ID,
      user_id: free.id,
      created_at: "2000-01-01T00:00:00.000Z",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.id).not.toBe(UNKNOWN_ID);
    expect(res.json().data.created_at).not.toBe("2000-01-01T00:00:00.000Z");
    expect(await rows(t.database, "select user_id from workbook_entries where id = $1", [res.json().data.id])).toEqual([
      { user_id: member.id },
    ]);
  });

  it("refuses a body over the size limit with 413", async () => {
    const member = await registerMember(t.app, t.database);
    const res = await call("POST", "/user/workbook", member.token, {
      workbook_id: 1,
      answers: { q2: "x".repeat(WORKBOOK_ENTRY_BODY_LIMIT) },
    });
    expect(res.statusCode).toBe(413);
    expect(typeof res.json().message).toBe("string");
    expect(await entriesOf(member)).toEqual([]);
  });
});

describe("GET /user/workbook: the member's worksheets", () => {
  it("lists the member's own worksheets newest first, 20 a page, with paging facts", async () => {
    const member = await registerMember(t.app, t.database);
    const empty = await call("GET", "/user/workbook", member.token);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ data: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 } });

    const saved: string[] = [];
    for (let n = 0; n < 21; n++) saved.push((await save(member, n % 2 === 0 ? ID.general : ID.goals)).data.id);
    await save(free, ID.general);

    const first = await call("GET", "/user/workbook?t=9", member.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().meta).toEqual({ current_page: 1, per_page: 20, total: 21, last_page: 2 });
    expect(first.json().data[0]).toEqual({
      id: saved[20],
      workbook_id: ID.general,
      workbook_name: "General Issues",
      created_at: expect.stringMatching(ISO_UTC),
      answered: Object.keys(answersFor(shipped[0]!)).length,
    });
    const second = await call("GET", "/user/workbook?page=2", member.token);
    expect(second.json().meta).toEqual({ current_page: 2, per_page: 20, total: 21, last_page: 2 });
    expect([...first.json().data, ...second.json().data].map((entry: { id: string }) => entry.id)).toEqual([...saved].reverse());
    const small = await call("GET", "/user/workbook?per_page=5&page=5", member.token);
    expect(small.json().data.map((entry: { id: string }) => entry.id)).toEqual([saved[0]]);
    expect((await call("GET", "/user/workbook?page=9", member.token)).json()).toEqual({
      data: [],
      meta: { current_page: 9, per_page: 20, total: 21, last_page: 2 },
    });
  });

  it.each([
    ["per_page above 100", "?per_page=101", "per_page"],
    ["page 0", "?page=0", "page"],
    ["a page that is not a number", "?page=two", "page"],
    ["an overlong t", `?t=${"9".repeat(33)}`, "t"],
  ])("answers %s with a 422 naming the parameter", async (_case, query, field) => {
    const res = await call("GET", `/user/workbook${query}`, free.token);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });
});

describe("another member's worksheet, an unknown id, a malformed id", () => {
  it("answer the same 404 for read and delete, and nothing changes", async () => {
    const owner = await registerMember(t.app, t.database);
    const entry = await save(owner, ID.general);
    const before = await entriesOf(owner);
    for (const id of [entry.data.id, UNKNOWN_ID, "not-a-uuid", "1", "%20", "00000000-0000-4000-8000-00000000000g"]) {
      for (const method of ["GET", "DELETE"] as const) {
        const res = await call(method, `/user/workbook/${id}`, free.token);
        expect(res.statusCode, `${method} ${id}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual(ENTRY_NOT_FOUND);
      }
    }
    expect(await entriesOf(owner)).toEqual(before);
    expect((await call("GET", "/user/workbook", free.token)).json().data.map((e: { id: string }) => e.id)).not.toContain(entry.data.id);
    // Another member's completed workbook opens nothing for anyone else.
    const other = await registerMember(t.app, t.database);
    expect((await cards(other)).every((card) => !card.completed)).toBe(true);
    expect((await call("GET", `/user/workbook/${entry.data.id}`, owner.token)).statusCode).toBe(200);
  });
});

describe("access", () => {
  it("needs a live bearer token (401) on every call, before the body is read", async () => {
    for (const [method, url] of [
      ["GET", "/workbooks"],
      ["GET", "/workbook/1"],
      ["GET", "/user/workbook"],
      ["GET", `/user/workbook/${UNKNOWN_ID}`],
      ["POST", "/user/workbook"],
      ["POST", "/user/workbook/"],
      ["DELETE", `/user/workbook/${UNKNOWN_ID}`],
    ] as const) {
      for (const token of [undefined, "not-a-token"]) {
        const res = await call(method, url, token, method === "POST" ? {} : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: "Unauthenticated." });
      }
    }
  });

  it(`takes ${RATE_LIMITS.workbookWrite.account.points} writes a minute from one member, then answers 429 with Retry-After`, async () => {
    const member = await registerMember(t.app, t.database);
    const entry = await save(member, ID.general);
    for (let sent = 1; sent < RATE_LIMITS.workbookWrite.account.points; sent++) {
      const res = await call("DELETE", `/user/workbook/${UNKNOWN_ID}`, member.token);
      expect(res.statusCode).toBe(404);
    }
    for (const [method, url] of [
      ["POST", "/user/workbook"],
      ["DELETE", `/user/workbook/${entry.data.id}`],
    ] as const) {
      const held = await call(
        method,
        url,
        member.token,
        method === "POST" ? { workbook_id: 1, answers: answersFor(shipped[0]!) } : undefined,
      );
      expect(held.statusCode, method).toBe(429);
      expect(held.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/);
      expect(Number(held.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    }
    // Reading is not held back, and nor is another member.
    expect((await call("GET", `/user/workbook/${entry.data.id}`, member.token)).statusCode).toBe(200);
    expect((await call("GET", "/workbooks", member.token)).statusCode).toBe(200);
    await save(free, ID.goals);
  });

  it("the worksheets go with the member's account", async () => {
    const member = await registerMember(t.app, t.database);
    await save(member, ID.general);
    await t.database.executeSql("delete from users where id = $1", [member.id]);
    expect(await entriesOf(member)).toEqual([]);
  });
});

describe("badges earned by a worksheet", () => {
  const signInOf = async (member: Member) => ({ user: { id: member.id }, subscriptions: [] }) as never;

  it("answers what onCompleted reports, after the entry is saved", async () => {
    const member = await registerMember(t.app, t.database);
    const heard: string[] = [];
    const service = createWorkbooksService({
      repository: createWorkbooksRepository(t.database.db),
      workbooks: loadWorkbooks(),
      subscriptions: { mayPlayLocked: () => false },
      onCompleted: async (userId) => {
        heard.push(userId);
        expect(await entriesOf(member)).toHaveLength(1);
        return [{ name: "Reflective Writer", machine_name: "first_worksheet", description: "Completed a first CBT workbook." }];
      },
    });
    const saved = await service.create(await signInOf(member), { workbook_id: ID.general, answers: answersFor(shipped[0]!) });
    expect(saved.earned).toEqual([
      { name: "Reflective Writer", machine_name: "first_worksheet", description: "Completed a first CBT workbook." },
    ]);
    expect(heard).toEqual([member.id]);
  });

  it("keeps the saved entry and answers no badges when the check fails", async () => {
    const member = await registerMember(t.app, t.database);
    const logged: string[] = [];
    const service = createWorkbooksService({
      repository: createWorkbooksRepository(t.database.db),
      workbooks: loadWorkbooks(),
      subscriptions: { mayPlayLocked: () => true },
      onCompleted: async () => {
        throw new Error("achievements are away");
      },
      logger: { error: (_details, message) => logged.push(message) },
    });
    const saved = await service.create(await signInOf(member), {
      workbook_id: ID.ladder,
      answers: answersFor(byName("Exposure Hierarchy")),
    });
    expect(saved.earned).toEqual([]);
    expect(logged).toHaveLength(1);
    expect(await entriesOf(member)).toHaveLength(1);
  });
});
