import { randomUUID } from "node:crypto";

/**
 * One member's day against a running Serene, over plain HTTP: the onboarding quiz, sign-up, a card
 * purchase through the offline sandbox, listening, notes, a CBT workbook and an evening of reading.
 * Every write the server acknowledged is kept with a check that reads it back later.
 */

export interface DayRecord {
  /** Every HTTP request made (each try counts once in `tried`). */
  tried: number;
  /** Requests sent a second time by the client's retry policy (below). */
  retried: number;
  /** Actions that failed in the end (after the one retry when allowed): action name and last status (or the network error's message). */
  failed: { action: string; status: number | string }[];
  /** Writes the server acknowledged (2xx), each with a way to check it is still there later. */
  acknowledged: { action: string; check: (baseUrl: string) => Promise<boolean> }[];
}

/** The steps of the day, in order; each name is passed to `beforeStep` first. */
const DAY_STEPS = ["quiz", "sign-up", "purchase", "play", "notes", "workbook", "evening"] as const;
type DayStep = (typeof DAY_STEPS)[number];

const PASSWORD = "calm-river-stone-42";
/** The sandbox card that is always accepted without the bank's approval. */
const TEST_CARD = "4242424242424242";
/** A gateway's answers for a node that is down or restarting: worth one more try when repeating is safe. */
const RETRY_STATUSES = new Set([502, 503, 504]);
/** A request that has had no answer by then counts as a network failure. */
const REQUEST_TIMEOUT_MS = 30_000;
/** The player saves the place every 15 seconds; the day sends six saves back to back. */
const SAVE_EVERY_SECONDS = 15;
const SAVES = 6;
/** Items that keep a place: single sessions (music loops, courses and playlists keep theirs per session). */
const PLACE_MODELS = new Set(["meditation-sleep", "cbt"]);
const PREMIUM_STATUSES = new Set(["trialing", "active", "lifetime"]);

export interface Request {
  method: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A path on the server (starting with /) or a full address. */
  path: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as an HTML form (the sandbox bank's approval page). */
  form?: Record<string, string>;
  token?: string | null;
  idempotencyKey?: string;
  cookie?: string;
  /** Redirects are answers to read, not to follow. */
  manualRedirect?: boolean;
}

export interface Answer {
  /** 2xx, or 3xx for a request whose redirect is read. */
  ok: boolean;
  /** The status, or the network error's message. */
  status: number | string;
  body: unknown;
  text: string;
  headers: Headers | null;
}

/** Safe to send again with the same body: reads, and writes with an Idempotency-Key (every write the web app sends). */
const repeatable = (request: Request) => request.method === "GET" || request.method === "HEAD" || !!request.idempotencyKey;

/**
 * The web app's rule (apps/web/src/lib/api-client.ts): a write sends a key of its own unless it has one.
 * An HTML form (the sandbox bank's page, posted by the browser itself) sends none.
 */
const keyed = (request: Request): Request =>
  request.method === "GET" || request.method === "HEAD" || request.form || request.idempotencyKey
    ? request
    : { ...request, idempotencyKey: randomUUID() };

function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : "";
  return cause && cause !== error.message ? `${error.message}: ${cause}` : error.message;
}

async function attempt(baseUrl: string, request: Request): Promise<Answer> {
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: string | undefined;
  if (request.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(request.form).toString();
  }
  if (request.token) headers.Authorization = `Bearer ${request.token}`;
  if (request.idempotencyKey) headers["Idempotency-Key"] = request.idempotencyKey;
  if (request.cookie) headers.Cookie = request.cookie;
  const url = /^https?:\/\//.test(request.path) ? request.path : `${baseUrl.replace(/\/+$/, "")}${request.path}`;
  try {
    const res = await fetch(url, {
      method: request.method,
      headers,
      body,
      redirect: request.manualRedirect ? "manual" : "follow",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let parsed: unknown = null;
    if ((res.headers.get("content-type") ?? "").includes("json") && text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
    }
    const ok = (res.status >= 200 && res.status < 300) || (!!request.manualRedirect && res.status >= 300 && res.status < 400);
    return { ok, status: res.status, body: parsed, text, headers: res.headers };
  } catch (error) {
    return { ok: false, status: errorMessage(error), body: null, text: "", headers: null };
  }
}

/** The client's policy: one more try after a network error or a 502/503/504, only when the request is safe to repeat. */
export async function send(baseUrl: string, sent: Request, counts?: Pick<DayRecord, "tried" | "retried">): Promise<Answer> {
  const request = keyed(sent);
  if (counts) counts.tried += 1;
  const first = await attempt(baseUrl, request);
  const transient = typeof first.status === "string" || RETRY_STATUSES.has(first.status);
  if (first.ok || !transient || !repeatable(request)) return first;
  if (counts) {
    counts.tried += 1;
    counts.retried += 1;
  }
  return attempt(baseUrl, request);
}

// What the day reads from the answers: only the fields it uses.
interface QuizField {
  key: string;
  kind: string;
  options?: { key: string }[];
  default?: number;
}
interface Quiz {
  slug: string;
  steps: { field: QuizField }[];
}
interface Card {
  id: number;
  model: string;
  free: boolean;
  duration: number | null;
}
type Stream = { hls: { playlist: string } } | null;
interface Item extends Card {
  audio_female?: Stream;
  audio_male?: Stream;
  video_female?: Stream;
  video_male?: Stream;
  audio?: Stream;
  video?: Stream;
}
interface Note {
  id: string;
  title: string;
  content: string;
}
interface Paged<T> {
  data: T[];
  meta: { last_page: number };
}
interface WorkbookCard {
  id: number;
  name: string;
  available: boolean;
}
interface WorkbookEntry {
  id: string;
  workbook_id: number;
  answers: { question_id: string; value: unknown }[];
}

const dataOf = <T>(answer: Answer): T | null =>
  answer.body && typeof answer.body === "object" && "data" in answer.body ? ((answer.body as { data: T }).data ?? null) : null;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** UTC to the second, ending in Z, as the sessions API takes it. */
const utcSecond = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

/** The member's answers to the onboarding quiz: a goal, the first choices of the lists, sliders moved from the middle. */
function quizAnswers(quiz: Quiz): Record<string, string | number | string[]> {
  const answers: Record<string, string | number | string[]> = {};
  for (const { field } of quiz.steps) {
    const options = (field.options ?? []).map((option) => option.key);
    if (field.kind === "select" && options.length > 0)
      answers[field.key] = field.key === "goal" && options.includes("REDUCE_STRESS") ? "REDUCE_STRESS" : options[0]!;
    else if (field.kind === "multi select" && options.length > 0) answers[field.key] = options.slice(0, 2);
    else if (field.kind === "range") answers[field.key] = 65;
    else if (field.kind === "text") answers[field.key] = "Busy weeks at work and short nights.";
    else if (field.kind === "multi text") answers[field.key] = ["Busy weeks at work", "Short nights"];
  }
  return answers;
}

/** The length of an HLS stream in seconds: the sum of its segments (the first variant of a master playlist). */
async function streamSeconds(
  read: (action: string, request: Request) => Promise<Answer>,
  playlistUrl: string,
  cookie: string,
): Promise<number | null> {
  const playlist = await read("play: read the stream", { method: "GET", path: playlistUrl, cookie });
  if (!playlist.ok) return null;
  let text = playlist.text;
  if (text.includes("#EXT-X-STREAM-INF")) {
    const lines = text.split("\n").map((line) => line.trim());
    const variant = lines[lines.findIndex((line) => line.startsWith("#EXT-X-STREAM-INF")) + 1];
    if (!variant) return null;
    const media = await read("play: read the stream variant", { method: "GET", path: new URL(variant, playlistUrl).href, cookie });
    if (!media.ok) return null;
    text = media.text;
  }
  const seconds = [...text.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
  return seconds > 0 ? Math.round(seconds * 1000) / 1000 : null;
}

/**
 * Plays one member's day. `beforeStep(name)` is awaited before each named step (the caller may kill
 * or restart a server there). `label` makes the member's e-mail unique.
 */
export async function playMemberDay(
  baseUrl: string,
  options: { label: string; beforeStep?: (step: string) => Promise<void> },
): Promise<DayRecord & { email: string; token: string }> {
  const record: DayRecord = { tried: 0, retried: 0, failed: [], acknowledged: [] };
  const label = options.label.toLowerCase().replace(/[^a-z0-9-]+/g, "-");
  const email = `day-${label}-${randomUUID().slice(0, 8)}@example.test`;
  const name = "Robin Day";
  let token: string | null = null;

  /** One action: sent under the retry policy; a final failure is recorded under the action's name. */
  const act = async (action: string, request: Request): Promise<Answer> => {
    const answer = await send(baseUrl, { token, ...request }, record);
    if (!answer.ok) record.failed.push({ action, status: answer.status });
    return answer;
  };
  const fail = (action: string, status: number | string) => record.failed.push({ action, status });
  const acknowledge = (action: string, check: (base: string) => Promise<boolean>) => record.acknowledged.push({ action, check });
  /** A later read, under the same retry policy but outside the day's counts; it carries the member's token. */
  const readBack = (base: string, path: string) => send(base, { method: "GET", path, token });

  let premium = false;

  const steps: Record<DayStep, () => Promise<void>> = {
    // The onboarding quiz as a visitor: the web app reads it with GET /quiz and ends it by giving an e-mail (POST /lead).
    async quiz() {
      const read = await act("quiz: read the onboarding quiz", { method: "GET", path: "/api/v1/quiz?platform=web" });
      const quiz = dataOf<Quiz>(read);
      if (!read.ok) return;
      if (!quiz || !Array.isArray(quiz.steps)) return void fail("quiz: read the onboarding quiz", "answer without a quiz");
      const answers = quizAnswers(quiz);
      const sent = await act("quiz: send answers with the e-mail (lead)", {
        method: "POST",
        path: "/api/v1/lead",
        json: { email, name: "Robin", quiz: quiz.slug, answers },
      });
      const lead = dataOf<{ id: string }>(sent);
      if (!sent.ok) return;
      if (!lead?.id) return void fail("quiz: send answers with the e-mail (lead)", "answer without a lead id");
      acknowledge("quiz: lead with the quiz answers", async (base) => {
        const found = dataOf<{ id: string; quiz_slug: string | null; answers: Record<string, unknown> }>(
          await readBack(base, `/api/v1/lead/${lead.id}`),
        );
        return (
          found?.id === lead.id &&
          found.quiz_slug === quiz.slug &&
          Object.entries(answers).every(([key, value]) => sameValue(found.answers?.[key], value))
        );
      });
    },

    async "sign-up"() {
      const res = await act("sign-up: register", {
        method: "POST",
        path: "/api/v1/user",
        json: { name, email, password: PASSWORD, phone: "", platform: "web" },
      });
      if (!res.ok) return;
      const body = res.body as { token?: string | null; status?: number } | null;
      if (!body?.token) return void fail("sign-up: register", body?.status ?? res.status);
      token = body.token;
      acknowledge("sign-up: account", async (base) => {
        const user = (await readBack(base, "/api/v1/user")).body as { email?: string } | null;
        return user?.email === email.toLowerCase();
      });
    },

    // A card purchase through the offline sandbox, as the checkout does: setup intent, card confirmed, purchase keyed.
    async purchase() {
      if (!token) return void fail("purchase", "not run: not signed in");
      const list = await act("purchase: read the plans", { method: "GET", path: "/api/v1/package/web?provider=stripe&currency=USD" });
      const packages = dataOf<{ id: number; months: number; provider: string; is_lifetime: boolean }[]>(list) ?? [];
      const card = packages.filter((pkg) => pkg.provider === "stripe" && !pkg.is_lifetime);
      const chosen = card.find((pkg) => pkg.months === 12) ?? card.find((pkg) => pkg.months === 1);
      if (list.ok && !chosen) return void fail("purchase: read the plans", "no yearly or monthly card plan listed");
      if (!chosen) return;

      const intent = await act("purchase: card setup", { method: "GET", path: "/api/v1/stripe/setup-intent" });
      if (!intent.ok) return;
      const setup = intent.body as { client_secret?: string; mode?: string } | null;
      if (setup?.mode !== "sandbox" || !setup.client_secret)
        return void fail("purchase: card setup", `not the sandbox card form (${setup?.mode ?? "no mode"})`);
      const confirmed = await act("purchase: confirm the card", {
        method: "POST",
        path: "/api/v1/sandbox/card/confirm",
        json: { client_secret: setup.client_secret, number: TEST_CARD, exp_month: "12", exp_year: "2040", cvc: "123" },
      });
      if (!confirmed.ok) return;
      const paymentMethod = (confirmed.body as { payment_method?: string } | null)?.payment_method;
      if (!paymentMethod) return void fail("purchase: confirm the card", "answer without a payment method");

      const bought = await act("purchase: buy the plan", {
        method: "POST",
        path: "/api/v1/stripe/payment-method",
        json: { payment_method: paymentMethod, package_id: chosen.id },
        idempotencyKey: randomUUID(),
      });
      if (!bought.ok) return;
      const outcome = bought.body as { message?: string; redirect_url?: string | null } | null;
      if (outcome?.message === "need approve") {
        // The bank asks for approval: the member approves on its page and comes back through the return address.
        if (!outcome.redirect_url) return void fail("purchase: bank approval", "no approval page");
        const page = new URL(outcome.redirect_url, baseUrl);
        const decided = await act("purchase: bank approval", {
          method: "POST",
          path: page.pathname,
          form: { decision: "approve", return_url: page.searchParams.get("return_url") ?? "" },
          manualRedirect: true,
        });
        if (!decided.ok) return;
        const back = decided.headers?.get("location");
        if (!back) return void fail("purchase: bank approval", "no return address");
        const returned = await act("purchase: back from the bank", { method: "GET", path: back, manualRedirect: true });
        if (!returned.ok) return;
      } else if (outcome?.message !== "Successfully subscribed!") {
        return void fail("purchase: buy the plan", `unexpected answer: ${outcome?.message ?? bought.text.slice(0, 80)}`);
      }

      const status = await act("purchase: account status", { method: "GET", path: "/api/v1/user/account-status" });
      if (!status.ok) return;
      const account = status.body as { status?: string | null; subscription_type?: string | null } | null;
      premium = PREMIUM_STATUSES.has(account?.status ?? "");
      if (!premium) return void fail("purchase: account status", `not premium (${account?.status ?? "no status"})`);
      const subscriptionType = account?.subscription_type ?? null;
      acknowledge(`purchase: package ${chosen.id}, premium`, async (base) => {
        const now = (await readBack(base, "/api/v1/user/account-status")).body as {
          status?: string | null;
          subscription_type?: string | null;
        } | null;
        return PREMIUM_STATUSES.has(now?.status ?? "") && now?.subscription_type === subscriptionType;
      });
    },

    // Browse home, open an item, listen: the place saved every 15 s, then the listening session reported.
    async play() {
      if (!token) return void fail("play", "not run: not signed in");
      const home = await act("play: home screen", { method: "GET", path: "/api/v1/screen/home" });
      const sections = dataOf<{ content: Card[] }[]>(home) ?? [];
      if (!home.ok) return;
      const cards = sections.flatMap((section) => section.content ?? []).filter((card) => PLACE_MODELS.has(card.model));
      // A subscriber opens something locked (what they paid for); otherwise a free item.
      const pick = cards.find((card) => card.free === !premium) ?? cards.find((card) => card.free);
      if (!pick) return void fail("play: home screen", "no single item to play on home");

      const detail = await act("play: open the item", { method: "GET", path: `/api/v1/${pick.model}/${pick.id}` });
      if (!detail.ok) return;
      const item = dataOf<Item>(detail);
      const stream = item?.audio_female ?? item?.audio_male ?? item?.video_female ?? item?.video_male ?? item?.audio ?? item?.video ?? null;
      // The player's length of the item: read from the stream; the listed minutes stand in when it cannot be read.
      let length: number | null = null;
      if (!stream) fail("play: open the item", "no stream to play");
      else {
        const cookies = await act("play: media cookies", { method: "GET", path: "/api/v1/user/cloudfront-cookies" });
        const cookie = (cookies.headers?.getSetCookie() ?? [])
          .filter((line) => !/max-age=0/i.test(line))
          .map((line) => line.split(";")[0]!.trim())
          .join("; ");
        if (cookies.ok) length = await streamSeconds(act, new URL(stream.hls.playlist, baseUrl).href, cookie);
      }
      length ??= Math.max(1, (pick.duration ?? 1) * 60);

      let lastSaved: number | null = null;
      let lastSent = 0;
      for (let save = 1; save <= SAVES; save += 1) {
        const position = Math.min(save * SAVE_EVERY_SECONDS, length);
        lastSent = position;
        const saved = await act(`play: save the place at ${save * SAVE_EVERY_SECONDS} s`, {
          method: "PUT",
          path: `/api/v1/user/positions/${pick.id}`,
          json: { position, duration: length },
        });
        if (saved.ok) lastSaved = position;
      }
      if (lastSaved !== null) {
        const acked = lastSaved;
        const highest = lastSent;
        // The place may be later than the last acknowledged save (a save whose answer was lost), never earlier.
        acknowledge(`play: place in item ${pick.id} at ${acked} s`, async (base) => {
          const place = dataOf<{ position: number; duration: number }>(await readBack(base, `/api/v1/user/positions/${pick.id}`));
          return !!place && place.position >= acked && place.position <= highest && place.duration === length;
        });
      }

      // The session: from the start of listening to the last place, ending now.
      const seconds = Math.max(1, Math.round(lastSent));
      const end = Date.now();
      const reported = await act("play: report the listening session", {
        method: "POST",
        path: "/api/v1/user/sessions?tz=UTC",
        json: { start_session: utcSecond(end - seconds * 1000), end_session: utcSecond(end), id: pick.id, model: pick.model },
      });
      const session = dataOf<{ id: string; seconds: number }>(reported);
      if (!reported.ok) return;
      if (!session) return void fail("play: report the listening session", "answer without a session");
      acknowledge(`play: listening session of ${session.seconds} s`, async (base) => {
        const stats = dataOf<{ total_sessions: number; year_seconds: number[] }>(await readBack(base, "/api/v1/user/sessions?tz=UTC"));
        const listened = (stats?.year_seconds ?? []).reduce((sum, day) => sum + day, 0);
        return !!stats && stats.total_sessions >= 1 && listened >= session.seconds;
      });
    },

    // Two notes, then the first one edited.
    async notes() {
      if (!token) return void fail("notes", "not run: not signed in");
      const write = async (action: string, method: "POST" | "PUT", path: string, note: { title: string; content: string }) => {
        const res = await act(action, { method, path, json: note });
        return res.ok ? dataOf<Note>(res) : null;
      };
      const first = { title: "Morning pages", content: "Woke up tense about the meeting.\nTen minutes of breathing helped." };
      const second = { title: "What helped today", content: "A walk at lunch, and leaving the phone in the other room." };
      const edited = { title: "Morning pages, after the meeting", content: `${first.content}\nThe meeting went better than I feared.` };

      const one = await write("notes: write the first note", "POST", "/api/v1/user/notes", first);
      const two = await write("notes: write the second note", "POST", "/api/v1/user/notes", second);
      const change = one ? await write("notes: edit the first note", "PUT", `/api/v1/user/notes/${one.id}`, edited) : null;

      /** Found on any page of the member's notes with one of the texts expected. */
      const noteFound = (id: string, expected: { title: string; content: string }[]) => async (base: string) => {
        for (let page = 1; page <= 50; page += 1) {
          const list = (await readBack(base, `/api/v1/user/notes?page=${page}&per_page=100`)).body as Paged<Note> | null;
          if (!list?.data) return false;
          const note = list.data.find((entry) => entry.id === id);
          if (note) return expected.some((text) => text.title === note.title && text.content === note.content);
          if (page >= list.meta.last_page) return false;
        }
        return false;
      };
      // An edit whose answer was lost may still have landed: then either text is the note's.
      if (one) acknowledge(`notes: "${change ? edited.title : first.title}"`, noteFound(one.id, change ? [edited] : [first, edited]));
      if (two) acknowledge(`notes: "${second.title}"`, noteFound(two.id, [second]));
    },

    // A Thought Record, as the workbooks page fills it in: the list, the workbook, the entry.
    async workbook() {
      if (!token) return void fail("workbook", "not run: not signed in");
      const list = await act("workbook: list the workbooks", { method: "GET", path: "/api/v1/workbooks" });
      if (!list.ok) return;
      const record = (dataOf<WorkbookCard[]>(list) ?? []).find((card) => card.name === "Thought Record");
      if (!record) return void fail("workbook: list the workbooks", "no Thought Record listed");
      if (!record.available) return void fail("workbook: list the workbooks", "Thought Record is not open to the member");
      const opened = await act("workbook: open Thought Record", { method: "GET", path: `/api/v1/workbook/${record.id}` });
      if (!opened.ok) return;
      // The situation and thought, then the parts chosen (feelings, a balanced view), each answered.
      const answers = {
        q1: "A tense meeting at work.",
        q2: "They think I'm useless.",
        q3: ["Feelings", "Balanced"],
        q4: ["Anxious"],
        q5: 70,
        q8: "It was one meeting, and they asked for my view.",
        q9: 40,
      };
      const saved = await act("workbook: save the entry", {
        method: "POST",
        path: "/api/v1/user/workbook",
        json: { workbook_id: record.id, answers },
      });
      const entry = dataOf<WorkbookEntry>(saved);
      if (!saved.ok) return;
      if (!entry?.id) return void fail("workbook: save the entry", "answer without an entry");
      acknowledge(`workbook: Thought Record entry ${entry.id}`, async (base) => {
        const found = dataOf<WorkbookEntry>(await readBack(base, `/api/v1/user/workbook/${entry.id}`));
        if (!found || found.id !== entry.id || found.workbook_id !== record.id) return false;
        return Object.entries(answers).every(([question, value]) =>
          sameValue(found.answers.find((answer) => answer.question_id === question)?.value, value),
        );
      });
    },

    // The evening: the profile, the badges and the notes, read only.
    async evening() {
      if (!token) return void fail("evening", "not run: not signed in");
      await act("evening: profile", { method: "GET", path: "/api/v1/user" });
      await act("evening: achievements", { method: "GET", path: "/api/v1/user/achievements" });
      await act("evening: notes", { method: "GET", path: "/api/v1/user/notes?page=1&per_page=20" });
    },
  };

  for (const step of DAY_STEPS) {
    await options.beforeStep?.(step);
    await steps[step]();
  }
  return { ...record, email, token: token ?? "" };
}

/** Runs every `check` of the record against `baseUrl`: how many acknowledged writes were found, and which were not. */
export async function verifyAcknowledged(
  baseUrl: string,
  record: DayRecord,
): Promise<{ acknowledged: number; found: number; missing: string[] }> {
  const missing: string[] = [];
  for (const { action, check } of record.acknowledged) {
    const found = await check(baseUrl).catch(() => false);
    if (!found) missing.push(action);
  }
  return { acknowledged: record.acknowledged.length, found: record.acknowledged.length - missing.length, missing };
}
