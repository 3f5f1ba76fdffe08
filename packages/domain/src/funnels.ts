/**
 * Funnel analytics (issue 13, decisions 027 and 055): where people drop off between arriving in a funnel and paying.
 *
 * Input: first-party events (POST /events), in time order, each with the anonymous visit id of the browser
 * that sent it (`session_id`). A *person* is a visit id: the web app keeps one per browser, shared by its
 * tabs (a link from an e-mail opens a new tab and is still the same person) and renewed at log-out.
 * Events without one are not counted.
 *
 * Funnels and their steps, in order:
 * - quiz funnel (`funnel` = the quiz's slug): quiz opened (`quiz_view`) → step 1 … step N answered
 *   (`quiz_step` with `step`) → e-mail given (`quiz_email`) → results viewed (`quiz_results_view`) →
 *   paywall opened (`page_view` of /subscription…, or `inform_intent`) → checkout started
 *   (`checkout_start` / `initiate_checkout`) → trial or purchase (`start_trial` / `purchase`).
 *   N is the largest `total` a `quiz_view` of the funnel named, or the largest step seen.
 * - video-sales funnel (`vsl_view`, `funnel` = the page's slug): page viewed, then the same steps as the
 *   quiz it leads to (its `quiz` property), counted for the people who viewed the page first.
 * - coming-soon funnel (`funnel` = `coming-soon:<key>`): page viewed (`coming_soon_view`) → signed up
 *   (`coming_soon_lead`).
 *
 * Counting (`countFunnels`): a person reaches a step only by reaching it after every step before it, in
 * order; repeating an earlier step changes nothing, and a step taken out of order (a paywall opened before
 * any result was seen) does not count until the steps before it are done. So every step's people are also
 * the previous step's, and the conversion (that number as a percentage of the previous step's, one
 * decimal; null for the first step or after a step nobody reached) is at most 100 %.
 *
 * Attribution of the steps after the quiz (paywall, checkout, trial or purchase): to the funnel the event
 * names in `funnel` when it carries one, else to the funnel of the same person's latest quiz (or
 * video-sales) event before it (last touch, so a purchase counts once). A person with no funnel event
 * before them is not counted. Each report also says how many people a funnel's trials and purchases came
 * from by any path (`purchases`): a person who went from the e-mail straight to the offer, past the
 * results and the paywall, bought through this funnel too, though not through each of its steps.
 *
 * Funnel names come from anonymous events, so they are read through `printableText`: no terminal control
 * sequence reaches a report.
 */
import { printableText } from "./text.ts";

/** Property values as POST /events stores them. */
export type FunnelEventProperties = Record<string, string | number | boolean | null>;

export interface FunnelEvent {
  name: string;
  /** The page path the event was sent from (only the path, no query). */
  path: string;
  sessionId: string | null;
  properties: FunnelEventProperties;
}

export type FunnelKind = "quiz" | "vsl" | "coming-soon";

export interface FunnelStepCount {
  /** A stable key: `view`, `step:3`, `email`, `results`, `paywall`, `checkout`, `purchase`, `vsl`, `lead`. */
  key: string;
  label: string;
  /** Distinct people who reached the step after each step before it, in order. */
  people: number;
  /** `people` as a percentage of the previous step's, one decimal, at most 100; null for the first step or after 0. */
  conversion: number | null;
}

export interface FunnelReport {
  funnel: string;
  kind: FunnelKind;
  steps: FunnelStepCount[];
  /** Distinct people whose trial or purchase is this funnel's, whatever steps they took on the way (0 for coming-soon). */
  purchases: number;
}

export const QUIZ_FUNNEL_EVENTS = {
  view: "quiz_view",
  step: "quiz_step",
  email: "quiz_email",
  results: "quiz_results_view",
  vsl: "vsl_view",
} as const;
export const COMING_SOON_FUNNEL_EVENTS = { view: "coming_soon_view", lead: "coming_soon_lead" } as const;
/** The paywall is opened by a page view of /subscription… or by an offer opened from a quiz result. */
export const PAYWALL_PATH_PREFIX = "/subscription";
export const PAYWALL_EVENTS = ["inform_intent"] as const;
export const CHECKOUT_EVENTS = ["checkout_start", "initiate_checkout"] as const;
export const PURCHASE_EVENTS = ["start_trial", "purchase"] as const;

/** Every event name the report reads (`page_view` only for paths under PAYWALL_PATH_PREFIX). */
export const FUNNEL_EVENT_NAMES: readonly string[] = [
  ...Object.values(QUIZ_FUNNEL_EVENTS),
  ...Object.values(COMING_SOON_FUNNEL_EVENTS),
  "page_view",
  ...PAYWALL_EVENTS,
  ...CHECKOUT_EVENTS,
  ...PURCHASE_EVENTS,
];

const AFTER_QUIZ: { key: string; label: string }[] = [
  { key: "email", label: "E-mail given" },
  { key: "results", label: "Results viewed" },
  { key: "paywall", label: "Paywall opened" },
  { key: "checkout", label: "Checkout started" },
  { key: "purchase", label: "Trial or purchase" },
];

/** The ordered steps of a funnel of a kind; `quizSteps` is N, the number of quiz steps. */
export function funnelSteps(kind: FunnelKind, quizSteps = 0): { key: string; label: string }[] {
  if (kind === "coming-soon") {
    return [
      { key: "view", label: "Page viewed" },
      { key: "lead", label: "Signed up" },
    ];
  }
  const quiz = [
    { key: "view", label: "Quiz opened" },
    ...Array.from({ length: quizSteps }, (_, index) => ({ key: `step:${index + 1}`, label: `Step ${index + 1} answered` })),
    ...AFTER_QUIZ,
  ];
  return kind === "vsl" ? [{ key: "vsl", label: "Video page viewed" }, ...quiz] : quiz;
}

/** A property as a non-empty printable string (control sequences removed), else null. */
function text(value: unknown): string | null {
  if (typeof value !== "string") return null;
  let printable = printedOnce.get(value);
  if (printable === undefined) {
    printable = printableText(value).trim();
    // Funnel names repeat across thousands of events: each distinct one is cleaned once (the cache is bounded).
    if (printedOnce.size > 10_000) printedOnce.clear();
    printedOnce.set(value, printable);
  }
  return printable === "" ? null : printable;
}
const printedOnce = new Map<string, string>();
/** A property as a positive whole number (sent as a number or a numeric string), else null. */
function count(value: unknown): number | null {
  const parsed = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(parsed) && parsed > 0 && parsed <= 1000 ? parsed : null;
}

/** The percentage of `people` over `previous`, one decimal; null when there is nothing to compare with. */
export function conversionPercent(people: number, previous: number | null): number | null {
  if (previous === null || previous === 0) return null;
  return Math.round((people / previous) * 1000) / 10;
}

interface Tally {
  kind: FunnelKind;
  /** Person → the steps they took in this funnel, in time order (a repeat of the step just before is left out). */
  paths: Map<string, string[]>;
  /** The largest number of quiz steps seen. */
  quizSteps: number;
}

/**
 * How many people reached each step of `steps` in order: a person's path is walked once, and each event of
 * the next step due moves them on; any other step (a repeat, or one further ahead) leaves them where they are.
 */
export function peopleInOrder(steps: readonly string[], paths: Iterable<readonly string[]>): number[] {
  const reached = steps.map(() => 0);
  for (const path of paths) {
    let next = 0;
    for (const step of path) {
      if (next < steps.length && step === steps[next]) next++;
    }
    for (let index = 0; index < next; index++) reached[index]!++;
  }
  return reached;
}

/** What one event says: the funnel it belongs to (if it names one) and the step it is. */
function stepOf(event: FunnelEvent): { step: string; funnel: string | null; quiz: string | null } | null {
  const props = event.properties ?? {};
  const funnel = text(props.funnel);
  const quiz = text(props.quiz);
  switch (event.name) {
    case QUIZ_FUNNEL_EVENTS.view:
      return { step: "view", funnel: funnel ?? quiz, quiz };
    case QUIZ_FUNNEL_EVENTS.step: {
      const number = count(props.step);
      return number === null ? null : { step: `step:${number}`, funnel: funnel ?? quiz, quiz };
    }
    case QUIZ_FUNNEL_EVENTS.email:
      return { step: "email", funnel: funnel ?? quiz, quiz };
    case QUIZ_FUNNEL_EVENTS.results:
      return { step: "results", funnel: funnel ?? quiz, quiz };
    case QUIZ_FUNNEL_EVENTS.vsl:
      return { step: "vsl", funnel, quiz };
    case COMING_SOON_FUNNEL_EVENTS.view:
      return { step: "view", funnel, quiz: null };
    case COMING_SOON_FUNNEL_EVENTS.lead:
      return { step: "lead", funnel, quiz: null };
    case "page_view":
      return event.path.startsWith(PAYWALL_PATH_PREFIX) ? { step: "paywall", funnel, quiz } : null;
    default:
      if ((PAYWALL_EVENTS as readonly string[]).includes(event.name)) return { step: "paywall", funnel, quiz };
      if ((CHECKOUT_EVENTS as readonly string[]).includes(event.name)) return { step: "checkout", funnel, quiz };
      if ((PURCHASE_EVENTS as readonly string[]).includes(event.name)) return { step: "purchase", funnel, quiz };
      return null;
  }
}

const KIND_ORDER: Record<FunnelKind, number> = { quiz: 0, vsl: 1, "coming-soon": 2 };

/**
 * Counts the funnels of a list of events, in time order (the rules are in this module's comment).
 * Answers one report per funnel seen: quiz funnels, then video-sales funnels, then coming-soon funnels,
 * each group by name.
 */
export function countFunnels(events: Iterable<FunnelEvent>): FunnelReport[] {
  const tallies = new Map<string, Tally>();
  const tally = (funnel: string, kind: FunnelKind) => {
    let found = tallies.get(funnel);
    if (!found) {
      found = { kind, paths: new Map(), quizSteps: 0 };
      tallies.set(funnel, found);
    }
    return found;
  };
  const mark = (funnel: string, kind: FunnelKind, step: string, person: string) => {
    const entry = tally(funnel, kind);
    let path = entry.paths.get(person);
    if (!path) entry.paths.set(person, (path = []));
    if (path[path.length - 1] !== step) path.push(step);
    const number = step.startsWith("step:") ? Number(step.slice(5)) : 0;
    if (number > entry.quizSteps) entry.quizSteps = number;
  };

  /** Per person: the funnels their latest quiz or video-sales event counted for (last touch). */
  const lastTouch = new Map<string, string[]>();
  /** Per person: quiz slug → the video-sales funnel whose page led to it. */
  const vslOfQuiz = new Map<string, Map<string, string>>();

  for (const event of events) {
    const person = event.sessionId;
    if (!person) continue;
    const found = stepOf(event);
    if (!found) continue;
    const { step, funnel, quiz } = found;

    if (event.name === COMING_SOON_FUNNEL_EVENTS.view || event.name === COMING_SOON_FUNNEL_EVENTS.lead) {
      if (funnel) mark(funnel, "coming-soon", step, person);
      continue;
    }
    if (step === "vsl") {
      if (!funnel) continue;
      mark(funnel, "vsl", "vsl", person);
      if (quiz) {
        let byQuiz = vslOfQuiz.get(person);
        if (!byQuiz) vslOfQuiz.set(person, (byQuiz = new Map()));
        byQuiz.set(quiz, funnel);
      }
      lastTouch.set(person, [funnel]);
      continue;
    }
    if (step === "paywall" || step === "checkout" || step === "purchase") {
      // A funnel the event names itself counts (a quiz funnel unless known otherwise); else the person's last touch.
      const targets = funnel ? [funnel] : (lastTouch.get(person) ?? []);
      for (const target of targets) {
        const kind = tallies.get(target)?.kind ?? "quiz";
        if (kind !== "coming-soon") mark(target, kind, step, person);
      }
      continue;
    }
    // A quiz event: its own funnel, and the video-sales funnel that led this person to the quiz.
    if (!funnel) continue;
    const total = step === "view" ? count(event.properties?.total) : null;
    const vsl = quiz ? vslOfQuiz.get(person)?.get(quiz) : undefined;
    const touched = vsl && vsl !== funnel ? [funnel, vsl] : [funnel];
    for (const target of touched) {
      const kind = target === funnel ? "quiz" : "vsl";
      const entry = tally(target, kind);
      if (total !== null && total > entry.quizSteps) entry.quizSteps = total;
      mark(target, kind, step, person);
    }
    lastTouch.set(person, touched);
  }

  return [...tallies.entries()]
    .map(([funnel, { kind, paths, quizSteps }]): FunnelReport => {
      const order = funnelSteps(kind, quizSteps);
      const reached = peopleInOrder(
        order.map((step) => step.key),
        paths.values(),
      );
      let previous: number | null = null;
      const steps = order.map(({ key, label }, index) => {
        const people = reached[index]!;
        const conversion = conversionPercent(people, previous);
        previous = people;
        return { key, label, people, conversion };
      });
      const purchases = [...paths.values()].filter((path) => path.includes("purchase")).length;
      return { funnel, kind, steps, purchases };
    })
    .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.funnel.localeCompare(b.funnel));
}
