import { MAX_POSITION_SECONDS } from "@serene/domain";
import { z } from "zod";
import { ContentCard } from "./content.ts";

/**
 * Where a member left each item (decision 043): the player saves its place while it plays, offers to continue
 * from it, and home's 'Continue' shelf lists what is unfinished. Every call is the signed-in member's own.
 */

const seconds = (field: string, min: number, minMessage: string) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `The ${field} field is required.` : `The ${field} must be a number.`,
    })
    .min(min, minMessage)
    .max(MAX_POSITION_SECONDS, `The ${field} must not be greater than ${MAX_POSITION_SECONDS}.`);

// PUT /user/positions/{id}: the place in seconds and the item's length as the player knows it.
export const PositionBody = z.object({
  position: seconds("position", 0, "The position must be at least 0."),
  duration: seconds("duration", 1, "The duration must be at least 1."),
});
export type PositionBody = z.infer<typeof PositionBody>;

export const ListeningPosition = z
  .object({
    /** The item's id. */
    id: z.number().int(),
    position: z.number(),
    duration: z.number(),
    /** Where the player continues from (a few seconds early), or null: start at the beginning. */
    resume_at: z.number().nullable(),
    /** The place was at the end: the item was listened to the end. */
    finished: z.boolean(),
    updated_at: z.string().describe("ISO 8601, UTC"),
  })
  .meta({ id: "ListeningPosition" });
export type ListeningPosition = z.infer<typeof ListeningPosition>;

/** The member's place in one item; `data` is null when none is kept. */
export const PositionResponse = z.object({ data: ListeningPosition.nullable() });
export type PositionResponse = z.infer<typeof PositionResponse>;

/**
 * Home's 'Continue': unfinished items, the latest first, each card with its place. A session of a course or a
 * playlist appears as its course's card (once), with `session_id` naming the session to continue.
 */
export const ContinueList = z.object({
  data: z.array(
    z.object({
      item: ContentCard,
      session_id: z.number().int().nullable(),
      position: z.number(),
      duration: z.number(),
      resume_at: z.number(),
    }),
  ),
});
export type ContinueList = z.infer<typeof ContinueList>;
