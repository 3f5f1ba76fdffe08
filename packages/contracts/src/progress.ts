import { ACHIEVEMENT_NAMES } from "@serene/domain";
import { z } from "zod";
import { CacheBuster } from "./common.ts";

/**
 * The member's progress (spec 001 sections 2, 3 and 7; decision 034): a quote for the dashboard, listening
 * statistics with their pictures in the member's own time zone, and the badges they earned.
 */

// GET /quote?rand=true
export const QuoteQuery = CacheBuster.extend({
  /** "true": any quote at random; otherwise the quote of the day (the same for everyone all day, UTC). */
  rand: z.enum(["true", "false"]).optional(),
});
export const Quote = z
  .object({
    quote: z.string(),
    author: z.string(),
    /** The work it comes from, and the public-domain translation when it was not written in English. */
    source: z.string().optional(),
  })
  .meta({ id: "Quote" });
export type Quote = z.infer<typeof Quote>;

/**
 * The shipped quotes (content/demo/quotes.json), checked at start-up: a file that does not fit stops it. Only
 * authors in the public domain, each line attributed to the work it comes from (decision 034).
 */
export const QUOTES_MIN = 60;
export const QuoteDefinition = z.strictObject({
  quote: z.string().trim().min(1).max(400),
  author: z.string().trim().min(1).max(80),
  source: z.string().trim().min(1).max(200).optional(),
});
export type QuoteDefinition = z.infer<typeof QuoteDefinition>;
export const QuoteDefinitions = z
  .array(QuoteDefinition)
  .min(QUOTES_MIN)
  .refine((quotes) => new Set(quotes.map((q) => q.quote.toLowerCase())).size === quotes.length, { message: "A quote is listed twice." });
export const QuoteResponse = z.object({ data: Quote });
export type QuoteResponse = z.infer<typeof QuoteResponse>;

/**
 * `tz`: the IANA time zone of the member's browser (Intl.DateTimeFormat().resolvedOptions().timeZone), so days,
 * streaks and the pictures follow the member's own midnight. Unknown zones are a 422 on `tz`; without it the
 * zone the member last sent is used, else UTC.
 */
export const TimeZoneQuery = CacheBuster.extend({ tz: z.string().max(64).optional() });
export type TimeZoneQuery = z.infer<typeof TimeZoneQuery>;

/** One calendar day (YYYY-MM-DD in the member's time zone) and the whole minutes listened on it. */
export const DayMinutes = z.object({ date: z.string(), minutes: z.number().int() });
export type DayMinutes = z.infer<typeof DayMinutes>;

// GET /user/achievements
export const AchievementName = z.enum(ACHIEVEMENT_NAMES as [string, ...string[]]);
export const Achievement = z
  .object({
    name: z.string(),
    machine_name: AchievementName,
    /** What earns it, in a sentence. */
    description: z.string(),
    isReceived: z.boolean(),
    /** The badge received most recently (exactly one when any was received). */
    isLast: z.boolean(),
    /** ISO 8601, UTC; null until received. */
    received_at: z.string().nullable(),
  })
  .meta({ id: "Achievement" });
export type Achievement = z.infer<typeof Achievement>;
export const AchievementList = z.object({ data: z.array(Achievement) });
export type AchievementList = z.infer<typeof AchievementList>;

/**
 * Badges a write just earned, beside its `data` (POST /user/favorite, /user/sessions, /user/notes, /user/shares,
 * /user/workbook): the web app shows a toast for each. Empty when nothing new was earned.
 */
export const EarnedAchievement = z.object({ name: z.string(), machine_name: AchievementName, description: z.string() });
export type EarnedAchievement = z.infer<typeof EarnedAchievement>;
export const Earned = z.array(EarnedAchievement);
