import { CONTENT_MODELS, CONTENT_TYPES, SCREEN_NAMES, toUtcSecond } from "@serene/domain";
import { z } from "zod";
import { CacheBuster, PageQuery, paged } from "./common.ts";
import { DayMinutes, Earned } from "./progress.ts";

/**
 * The catalogue, the player and a member's library (spec 001 sections 2, 3 and 7).
 * Every response wraps its payload in `data`, as a Laravel API resource does.
 */

export const ContentModelSchema = z.enum(CONTENT_MODELS);
export const ContentTypeSchema = z.enum(CONTENT_TYPES);
export const ScreenNameSchema = z.enum(SCREEN_NAMES);

const invalid = (field: string) => `The selected ${field} is invalid.`;

const LARGEST_ID = 2_147_483_647;

/**
 * A catalogue id in a path (an item, a collection, a package, a checkout). Whatever is not one
 * (letters, a fraction, 0, too large) names no row: it reads as 0, which no row has, so it is
 * answered exactly like an unknown id, 404 with the same message (decision 058).
 */
export const IdParam = z.object({
  id: z
    .string()
    .meta({ description: "A positive whole number; anything else names nothing (404)", example: "12" })
    .transform((text) => (/^\d{1,10}$/.test(text) && Number(text) <= LARGEST_ID ? Number(text) : 0)),
});
export type IdParam = z.infer<typeof IdParam>;

/** Comma-separated tag slugs (`tags=anxiety,sleep`), at most 20. */
const TagList = z
  .string()
  .max(500, "The tags may not be greater than 500 characters.")
  .transform((value) =>
    value
      .split(",")
      .map((tag) => tag.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine((tags) => tags.length <= 20, "No more than 20 tags may be given.")
  .refine((tags) => tags.every((tag) => /^[a-z0-9-]{1,40}$/.test(tag)), "Each tag must be a tag slug.");

const Flag = z
  .union([z.boolean(), z.enum(["1", "0", "true", "false"])], { error: "The is_tags_inclusive field must be true or false." })
  .transform((value) => value === true || value === "1" || value === "true");

export const Tag = z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).meta({ id: "Tag" });
export type Tag = z.infer<typeof Tag>;

/**
 * An HLS stream, or null when the variant does not exist or the member may not play it. `captions` is the address of
 * the stream's WebVTT captions (same signed-cookie media path as the playlist), present only for voiced streams.
 */
export const Stream = z.object({ hls: z.object({ playlist: z.string(), captions: z.string().optional() }) }).nullable();
export type Stream = z.infer<typeof Stream>;

/** The short form of an item used by lists, sections, collections, the library and recommendations. */
export const ContentCard = z
  .object({
    id: z.number().int(),
    model: ContentModelSchema,
    name: z.string(),
    cover: z.string(),
    type: ContentTypeSchema,
    /** Minutes. */
    duration: z.number().int().nullable(),
    /** Sessions of a course or audios of a playlist. */
    amount_lessons: z.number().int().nullable(),
    free: z.boolean(),
    favorite: z.boolean(),
  })
  .meta({ id: "ContentCard" });
export type ContentCard = z.infer<typeof ContentCard>;

const Streams = {
  video_male: Stream,
  video_female: Stream,
  audio_male: Stream,
  audio_female: Stream,
  /** Music and soundscapes: the item's own audio and video. */
  audio: Stream,
  video: Stream,
  /** The looping bed played under a voice. */
  soundscape: z.object({ main_format: Stream }).nullable(),
};

/** A session of a course or an audio of a playlist: a playable item in its place. */
export const ContentSession = ContentCard.extend({
  description: z.string(),
  position: z.number().int(),
  complete: z.boolean(),
  watched: z.boolean(),
  ...Streams,
}).meta({ id: "ContentSession" });
export type ContentSession = z.infer<typeof ContentSession>;

/** Everything the player needs about one item. */
export const ContentItem = ContentCard.extend({
  description: z.string(),
  daily_featured_cover: z.string(),
  background: z.object({ web: z.string() }),
  poster: z.string(),
  complete: z.boolean(),
  watched: z.boolean(),
  tags: z.array(Tag),
  goal: z.string().nullable(),
  ...Streams,
  /** Playlists: their audios. */
  audios: z.array(ContentSession),
  /** Courses: their sessions. */
  meditation: z.array(ContentSession),
}).meta({ id: "ContentItem" });
export type ContentItem = z.infer<typeof ContentItem>;

export const ContentItemResponse = z.object({ data: ContentItem });
export type ContentItemResponse = z.infer<typeof ContentItemResponse>;

export const ContentCardList = z.object({ data: z.array(ContentCard) });
export type ContentCardList = z.infer<typeof ContentCardList>;

export const ContentCardPage = paged(ContentCard);
export type ContentCardPage = z.infer<typeof ContentCardPage>;

// GET /{model}
export const ContentListQuery = PageQuery.extend({ tags: TagList.optional() });
export type ContentListQuery = z.infer<typeof ContentListQuery>;

// GET /{model}/{id}/recommendations
export const RecommendationQuery = CacheBuster.extend({
  tags: TagList.optional(),
  is_tags_inclusive: Flag.optional(),
});
export type RecommendationQuery = z.infer<typeof RecommendationQuery>;

// GET /screen/{name}
export const ScreenParams = z.object({ name: z.string().pipe(z.enum(SCREEN_NAMES, { error: invalid("screen") })) });
export const ScreenQuery = PageQuery;
export type ScreenQuery = z.infer<typeof ScreenQuery>;

export const Section = z
  .object({
    id: z.number().int(),
    name: z.string(),
    section_type: z.string(),
    content: z.array(ContentCard),
    /** The personal plan's day (1 to 14), null for other sections. */
    day: z.number().int().nullable(),
    /** The collection behind a section, for its "see all" link. */
    collection_id: z.number().int().nullable(),
  })
  .meta({ id: "Section" });
export type Section = z.infer<typeof Section>;

export const ScreenResponse = paged(Section);
export type ScreenResponse = z.infer<typeof ScreenResponse>;

// GET /tags?model=: the tags some listed item carries, of one model when given (decision 041)
export const TagListQuery = CacheBuster.extend({ model: z.enum(CONTENT_MODELS, { error: invalid("model") }).optional() });
export type TagListQuery = z.infer<typeof TagListQuery>;

export const TagListResponse = z.object({ data: z.array(Tag) });
export type TagListResponse = z.infer<typeof TagListResponse>;

// GET /search
export const SearchQuery = PageQuery.extend({
  s: z.string().max(200, "The s may not be greater than 200 characters.").optional(),
  tags: TagList.optional(),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

// GET collection/{id}
export const CollectionResponse = z.object({
  data: z.object({ id: z.number().int(), name: z.string(), description: z.string(), content: z.array(ContentCard) }),
});
export type CollectionResponse = z.infer<typeof CollectionResponse>;

// POST/DELETE /user/favorite, POST /user/history, POST /user/views
const required = (field: string) => `The ${field} field is required.`;
/** An item id in a body: a number or a string of digits; a missing one is "required". */
const ItemId = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^-?\d+(\.\d+)?$/)
        .transform(Number),
    ],
    {
      error: (issue) => (issue.input === undefined ? required("id") : "The id must be a number."),
    },
  )
  .pipe(z.number().int("The id must be an integer.").positive("The id must be at least 1.").max(2_147_483_647, "The id is too large."));

export const ContentRef = z.object({
  id: ItemId,
  model: z.enum(CONTENT_MODELS, {
    error: (issue) => (issue.input === undefined ? required("model") : invalid("model")),
  }),
});
export type ContentRef = z.infer<typeof ContentRef>;

export const FavoriteResponse = z.object({
  data: z.object({ id: z.number().int(), model: ContentModelSchema, favorite: z.boolean() }),
  earned: Earned.optional(),
});
export type FavoriteResponse = z.infer<typeof FavoriteResponse>;

export const ActivityResponse = z.object({
  data: z.object({ id: z.number().int(), model: ContentModelSchema, at: z.string().describe("ISO 8601, UTC") }),
});
export type ActivityResponse = z.infer<typeof ActivityResponse>;

// GET/POST /user/sessions
/** UTC to the second, ending in Z: 2026-11-22T08:30:00Z (spec 001 section 3). */
const UtcSecond = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required(field) : `The ${field} must be a string.`) })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, `The ${field} must be a UTC time to the second, like 2026-01-31T08:30:00Z.`)
    // Date.parse rolls impossible dates over (February 30th becomes March 2nd): the time must read back the same.
    .refine((value) => {
      const parsed = new Date(value);
      return !Number.isNaN(parsed.getTime()) && toUtcSecond(parsed) === value;
    }, `The ${field} is not a valid date.`);

export const SessionReportBody = z.object({
  start_session: UtcSecond("start session"),
  end_session: UtcSecond("end session"),
  /** The item listened to, when the report comes from the player. */
  id: ItemId.optional(),
  model: z.enum(CONTENT_MODELS, { error: invalid("model") }).optional(),
});
export type SessionReportBody = z.infer<typeof SessionReportBody>;

export const SessionReportResponse = z.object({
  data: z.object({ id: z.string(), start_session: z.string(), end_session: z.string(), seconds: z.number().int() }),
  earned: Earned.optional(),
});
export type SessionReportResponse = z.infer<typeof SessionReportResponse>;

export const SessionStatistics = z
  .object({
    mindful_days: z.number().int(),
    total_sessions: z.number().int(),
    mindful_minutes: z.number().int(),
    longest_streak: z.number().int(),
    total_streak: z.number().int(),
    longest_minute_session: z.number().int(),
    /** The time zone the days were counted in (the `tz` sent, the member's last, or UTC). */
    time_zone: z.string(),
    /** Today in that time zone, YYYY-MM-DD. */
    today: z.string(),
    /** The last 30 days, oldest first, ending today; days without listening have 0 minutes. */
    last_30_days: z.array(DayMinutes),
    /**
     * The year calendar: the seconds listened on each of the last 365 days, oldest first, the last one today
     * (0 on a day without listening). Plain numbers keep a long history's answer small (decision 034).
     */
    year_seconds: z.array(z.number().int()),
  })
  .meta({ id: "SessionStatistics" });
export type SessionStatistics = z.infer<typeof SessionStatistics>;

export const SessionStatisticsResponse = z.object({ data: SessionStatistics });
export type SessionStatisticsResponse = z.infer<typeof SessionStatisticsResponse>;

// POST /user/shares: the member copied an item's share link (the influencer badge).
export const ShareResponse = z.object({
  data: z.object({ id: z.number().int(), model: ContentModelSchema, at: z.string().describe("ISO 8601, UTC") }),
  earned: Earned.optional(),
});
export type ShareResponse = z.infer<typeof ShareResponse>;

// GET personal-plan-by-day
export const PlanQuery = CacheBuster.extend({
  day: z.coerce
    .number({ error: "The day must be a number." })
    .int("The day must be an integer.")
    .min(1, "The day must be at least 1.")
    .max(366, "The day is too large.")
    .optional(),
});
export type PlanQuery = z.infer<typeof PlanQuery>;

export const PlanDay = z.object({ day: z.number().int(), content: z.array(ContentCard) }).meta({ id: "PlanDay" });
export type PlanDay = z.infer<typeof PlanDay>;

export const PlanResponse = z.object({
  data: z.object({
    /** The member's day in the plan today (1 on the day they joined). */
    current_day: z.number().int(),
    total_days: z.number().int(),
    days: z.array(PlanDay),
  }),
});
export type PlanResponse = z.infer<typeof PlanResponse>;

// GET /user/cloudfront-cookies
export const SignedCookiesResponse = z
  .object({
    policy: z.string(),
    signature: z.string(),
    key_pair_id: z.string(),
    expires_at: z.string().describe("ISO 8601, UTC"),
  })
  .meta({ id: "SignedCookies" });
export type SignedCookiesResponse = z.infer<typeof SignedCookiesResponse>;

// GET /user/account-status
export const AccountStatusResponse = z
  .object({
    subscription_type: z.string().nullable(),
    member_since: z.string().nullable(),
    subscription_via: z.string().nullable(),
    /** trialing, active, past_due, canceled (access until the period ends), lifetime; null for a free member. */
    status: z.string().nullable(),
    /** When the current period (or trial) ends: the next charge, or the end of access once canceled. */
    current_period_end: z.string().nullable(),
    /** The member may cancel (DELETE /subscription/web/cancel/{provider}). */
    can_cancel: z.boolean(),
    /** A paid plan that is not annual: the upgrade to annual is offered. */
    can_upgrade: z.boolean(),
    /**
     * Which packages the member's subscription offer shows: after_trial_is_over once their trial
     * ended without a charge and nothing runs now, otherwise after_locked_content.
     */
    offer_place: z.enum(["after_locked_content", "after_trial_is_over"]),
  })
  .meta({ id: "AccountStatus" });
export type AccountStatusResponse = z.infer<typeof AccountStatusResponse>;
