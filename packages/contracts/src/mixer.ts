import { MIXER_MAX_LAYERS, MIXER_NAME_MAX } from "@serene/domain";
import { z } from "zod";

/**
 * The Sounds mixer's presets (decision 044): GET/POST /user/mixes, PUT/DELETE /user/mixes/{id}. Every call is the
 * signed-in member's own; another member's mix is 404.
 */
const required = (field: string) => `The ${field} field is required.`;

const MixLayerBody = z.object({
  id: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required("id") : "The id must be a number.") })
    .int("The id must be an integer.")
    .positive("The id must be at least 1.")
    .max(2_147_483_647, "The id is too large."),
  volume: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required("volume") : "The volume must be a number.") })
    .min(0, "The volume must be at least 0.")
    .max(1, "The volume must not be greater than 1."),
});

/**
 * A count of sounds is checked only on a list: zod would otherwise also measure a string's length and answer that
 * "rain" is more than three sounds. (The same checks as `.min()` and `.max()`, so the OpenAPI document keeps them.)
 */
const onlyForLists = <T extends z.core.$ZodCheck>(check: T): T => {
  check._zod.def.when = (payload) => Array.isArray(payload.value);
  return check;
};

export const MixBody = z.object({
  name: z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? required("name") : "The name field must be a string."),
    })
    .trim()
    .min(1, required("name"))
    .max(MIXER_NAME_MAX, `The name field must not be greater than ${MIXER_NAME_MAX} characters.`),
  layers: z
    .array(MixLayerBody, {
      error: (issue) => (issue.input === undefined || issue.input === null ? required("layers") : "The layers field must be a list."),
    })
    .check(
      onlyForLists(z.minLength(1, "The layers field must have at least 1 sound.")),
      onlyForLists(z.maxLength(MIXER_MAX_LAYERS, `The layers field must not have more than ${MIXER_MAX_LAYERS} sounds.`)),
    ),
});
export type MixBody = z.infer<typeof MixBody>;

/** The mix named in the address; any text is accepted here, and a malformed id is simply not found (404). */
export const MixParams = z.object({ id: z.string() });

export const Mix = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Each sound with its volume, in the order the member set them; `name` and `cover` from the catalogue. */
    layers: z.array(z.object({ id: z.number().int(), volume: z.number(), name: z.string(), cover: z.string() })),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Mix" });
export type Mix = z.infer<typeof Mix>;

export const MixResponse = z.object({ data: Mix });
export type MixResponse = z.infer<typeof MixResponse>;
/** The member's mixes, the latest changed first (at most MIXER_MAX_PRESETS). */
export const MixList = z.object({ data: z.array(Mix) });
export type MixList = z.infer<typeof MixList>;
