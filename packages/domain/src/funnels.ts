/**
 * Funnel analytics (issue 13, decision 027): where people drop off between arriving in a funnel and paying.
 *
 * Input: first-party events (POST /events) of one browser tab session each (`session_id`), in time order.
 * A *person* is a session id; events without one are not counted.
 *
 * Funnels and their steps, in order:
 * - quiz funnel (`funnel` = the quiz's slug): quiz opened (`quiz_view`) → step 1 … step N answered
 *   (`quiz_step` with `step`) → e-mail given (`quiz_email`) → results viewed (`quiz_results_view`) →
 *   paywall opened (`page_view` of /subscription…, or `inform_intent`) → checkout started
 *   (`checkout_start` / `initiate_checkout`) → trial or purchase (`start_trial` / `purchase`).
 *   N is the largest `total` a `quiz_view` of the funnel named, or the largest step seen.
 * - video-sales funnel (`vsl_view`, `funnel` = the page's slug): page viewed, then the same steps as the
 *   quiz it leads to (its `quiz` property), counted for the sessions that viewed the page first.
 * - coming-soon funnel (`funnel` = `coming-soon:<key>`): page viewed (`coming_soon_view`) → signed up
 *   (`coming_soon_lead`).
 *
 * Counting: per funnel and step, the number of distinct sessions that had the step's event (each person
 * once, however often they repeated it). The conversion is that number as a percentage of the previous
 * step's, one decimal; null for the first step or after a step nobody reached. A person can skip a step
 * (a quiz resumed in a new tab), so a conversion can exceed 100 %.
 *
 * Attribution of the steps after the quiz (paywall, checkout, trial or purchase): to the funnel the event
 * names in `funnel` when it carries one, else to the funnel of the latest quiz (or video-sales) event of
 * the same session before it (last touch). A session with no funnel event before them is not counted.
 */

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
  /** Distinct sessions that reached the step. */
  people: number;
  /** `people` as a percentage of the previous step's, one decimal; null for the first step or after 0. */
  conversion: number | null;
}

export interface FunnelReport {
  funnel: string;
  kind: FunnelKind;
  steps: FunnelStepCount[];
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

/** A property as a non-empty string, else null. */
const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
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
  /** Step key → the sessions that reached it. */
  reached: Map<string, Set<string>>;
  /** The largest number of quiz steps seen. */
  quizSteps: number;
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
      found = { kind, reached: new Map(), quizSteps: 0 };
      tallies.set(funnel, found);
    }
    return found;
  };
  const mark = (funnel: string, kind: FunnelKind, step: string, session: string) => {
    const entry = tally(funnel, kind);
    let sessions = entry.reached.get(step);
    if (!sessions) entry.reached.set(step, (sessions = new Set()));
    sessions.add(session);
    const number = step.startsWith("step:") ? Number(step.slice(5)) : 0;
    if (number > entry.quizSteps) entry.quizSteps = number;
  };

  /** Per session: the funnels its latest quiz or video-sales event counted for (last touch). */
  const lastTouch = new Map<string, string[]>();
  /** Per session: quiz slug → the video-sales funnel whose page led to it. */
  const vslOfQuiz = new Map<string, Map<string, string>>();

  for (const event of events) {
    const session = event.sessionId;
    if (!session) continue;
    const found = stepOf(event);
    if (!found) continue;
    const { step, funnel, quiz } = found;

    if (event.name === COMING_SOON_FUNNEL_EVENTS.view || event.name === COMING_SOON_FUNNEL_EVENTS.lead) {
      if (funnel) mark(funnel, "coming-soon", step, session);
      continue;
    }
    if (step === "vsl") {
      if (!funnel) continue;
      mark(funnel, "vsl", "vsl", session);
      if (quiz) {
        let byQuiz = vslOfQuiz.get(session);
        if (!byQuiz) vslOfQuiz.set(session, (byQuiz = new Map()));
        byQuiz.set(quiz, funnel);
      }
      lastTouch.set(session, [funnel]);
      continue;
    }
    if (step === "paywall" || step === "checkout" || step === "purchase") {
      // A funnel the event names itself counts even from another tab (a new session): a quiz funnel unless known otherwise.
      const targets = funnel ? [funnel] : (lastTouch.get(session) ?? []);
      for (const target of targets) {
        const kind = tallies.get(target)?.kind ?? "quiz";
        if (kind !== "coming-soon") mark(target, kind, step, session);
      }
      continue;
    }
    // A quiz event: its own funnel, and the video-sales funnel that led this session to the quiz.
    if (!funnel) continue;
    const total = step === "view" ? count(event.properties?.total) : null;
    const vsl = quiz ? vslOfQuiz.get(session)?.get(quiz) : undefined;
    const touched = vsl && vsl !== funnel ? [funnel, vsl] : [funnel];
    for (const target of touched) {
      const kind = target === funnel ? "quiz" : "vsl";
      const entry = tally(target, kind);
      if (total !== null && total > entry.quizSteps) entry.quizSteps = total;
      mark(target, kind, step, session);
    }
    lastTouch.set(session, touched);
  }

  return [...tallies.entries()]
    .map(([funnel, { kind, reached, quizSteps }]): FunnelReport => {
      let previous: number | null = null;
      const steps = funnelSteps(kind, quizSteps).map(({ key, label }) => {
        const people = reached.get(key)?.size ?? 0;
        const conversion = conversionPercent(people, previous);
        previous = people;
        return { key, label, people, conversion };
      });
      return { funnel, kind, steps };
    })
    .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.funnel.localeCompare(b.funnel));
}
