import { CONTENT_STATES, CONTENT_TYPES, EDITABLE_MODELS, MEDIA_VARIANTS, QUIZ_GOALS } from "@serene/domain";
import { z } from "zod";
import { PageMeta, PageQuery } from "./common.ts";

/**
 * The editor's room of the operator console (issue 29, decision 070): the catalogue's items as staff
 * with `content.write` (editors and owners) make them: drafts, published, scheduled and withdrawn.
 */

export const EditorItemQuery = PageQuery.extend({
  q: z.string().trim().max(200, { error: "The q field must not be greater than 200 characters." }).optional(),
  state: z.enum(CONTENT_STATES, { error: `The state field must be one of: ${CONTENT_STATES.join(", ")}.` }).optional(),
});
export type EditorItemQuery = z.infer<typeof EditorItemQuery>;

export const EditorItemParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

const variants = Object.keys(MEDIA_VARIANTS) as [keyof typeof MEDIA_VARIANTS, ...(keyof typeof MEDIA_VARIANTS)[]];
export const MediaVariantName = z.enum(variants, { error: `The variant must be one of: ${variants.join(", ")}.` });

export const EditorItemSummary = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    model: z.string(),
    type: z.string(),
    free: z.boolean(),
    state: z.enum(CONTENT_STATES),
    publish_at: z.string().nullable(),
    duration_seconds: z.number().int().nullable(),
    cover_url: z.string(),
    /** The stream variants it has (audio_male, video_female, …). */
    variants: z.array(z.string()),
    updated_at: z.string(),
  })
  .meta({ id: "EditorItemSummary" });
export const EditorItemList = z.object({ data: z.array(EditorItemSummary), meta: PageMeta });
export type EditorItemList = z.infer<typeof EditorItemList>;

export const EditorItem = EditorItemSummary.extend({
  description: z.string(),
  goal: z.string().nullable(),
  tags: z.array(z.object({ slug: z.string(), name: z.string() })),
  /** Variants whose streams carry WebVTT captions. */
  captions: z.array(z.string()),
  /** A course or playlist the item is a session of. */
  parent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Packaging of an upload still running, newest first: its variant, file name and how far it is. */
  uploads: z.array(
    z.object({
      id: z.string(),
      variant: z.string(),
      file_name: z.string(),
      status: z.enum(["waiting", "packaging", "ready", "failed"]),
      message: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
}).meta({ id: "EditorItem" });
export type EditorItem = z.infer<typeof EditorItem>;
export const EditorItemResponse = z.object({ data: EditorItem });
export type EditorItemResponse = z.infer<typeof EditorItemResponse>;
/** A change's answer: what happened, in words, and the item as it is now. */
export const EditorItemSaved = z.object({ message: z.string(), data: EditorItem });
export type EditorItemSaved = z.infer<typeof EditorItemSaved>;

const goals = Object.keys(QUIZ_GOALS) as [string, ...string[]];
const tagName = z
  .string()
  .trim()
  .min(2, { error: "A tag has at least 2 characters." })
  .max(40, { error: "A tag has at most 40 characters." })
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} '-]*$/u, { error: "A tag has letters, digits, spaces, hyphens and apostrophes only." });

/** What an editor writes about an item; the model is chosen once, when it is made. */
export const EditorItemFields = z.object({
  name: z
    .string()
    .trim()
    .min(2, { error: "The name has at least 2 characters." })
    .max(120, { error: "The name has at most 120 characters." }),
  description: z
    .string()
    .trim()
    .min(10, { error: "The description has at least 10 characters." })
    .max(2000, { error: "The description has at most 2000 characters." }),
  type: z.enum(CONTENT_TYPES, { error: `The type must be one of: ${CONTENT_TYPES.join(", ")}.` }),
  free: z.boolean({ error: "Say whether the item is free (true) or for Premium (false)." }),
  goal: z.enum(goals, { error: `The goal must be one of: ${goals.join(", ")}.` }).nullable(),
  /** Tag names; a name no tag has yet makes a new tag. */
  tags: z.array(tagName).max(8, { error: "An item has at most 8 tags." }),
});
export const CreateEditorItemBody = EditorItemFields.extend({
  model: z.enum(EDITABLE_MODELS, { error: `The model must be one of: ${EDITABLE_MODELS.join(", ")}.` }),
});
export type CreateEditorItemBody = z.infer<typeof CreateEditorItemBody>;
export const UpdateEditorItemBody = EditorItemFields;
export type UpdateEditorItemBody = z.infer<typeof UpdateEditorItemBody>;

export const PublishBody = z.object({
  /** From when members see it (ISO 8601 with its offset); left out or null: now. */
  publish_at: z.iso
    .datetime({ offset: true, error: "Give the moment as a date and time, such as 2026-12-01T08:00:00Z." })
    .nullable()
    .optional(),
});
export type PublishBody = z.infer<typeof PublishBody>;

export const WithdrawBody = z.object({
  reason: z
    .string({ error: "Say why the item is withdrawn (it is kept in the audit log)." })
    .trim()
    .min(3, { error: "Say why the item is withdrawn (it is kept in the audit log)." })
    .max(500, { error: "The reason has at most 500 characters." }),
});
export type WithdrawBody = z.infer<typeof WithdrawBody>;

/** An item as a shelf shows it in the console. */
const ShelfItem = z.object({ id: z.number().int(), name: z.string(), state: z.enum(CONTENT_STATES), cover_url: z.string() });

/** The screens' sections and the collections, with their items in order (decision 070). */
export const ShelvesResponse = z.object({
  data: z.object({
    sections: z.array(
      z.object({
        id: z.number().int(),
        screen: z.string(),
        name: z.string(),
        section_type: z.string(),
        /** False for sections whose items the product chooses (the personal plan, the workbooks). */
        editable: z.boolean(),
        items: z.array(ShelfItem),
      }),
    ),
    collections: z.array(z.object({ id: z.number().int(), name: z.string(), items: z.array(ShelfItem) })),
  }),
});
export type ShelvesResponse = z.infer<typeof ShelvesResponse>;

export const ShelfParams = z.object({ kind: z.enum(["sections", "collections"]), id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const ShelfItemsBody = z.object({
  items: z
    .array(z.number({ error: "Each item is an item's id." }).int().min(1), { error: "Give the shelf's items as a list of ids, in order." })
    .max(60, { error: "A shelf holds at most 60 items." }),
});
export type ShelfItemsBody = z.infer<typeof ShelfItemsBody>;
export const ShelfSaved = z.object({ message: z.string(), data: z.object({ id: z.number().int(), items: z.array(ShelfItem) }) });
export type ShelfSaved = z.infer<typeof ShelfSaved>;

/** The data files of quizzes, pages, quotes and workbooks: whether each loads as it is on disk now, and a preview. */
export const DataFilesResponse = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      file: z.string(),
      loads: z.boolean(),
      /** The first thing wrong (a field's path and its message) when it does not load. */
      problem: z.string().nullable(),
      count: z.number().int(),
      entries: z.array(z.object({ title: z.string(), href: z.string().nullable() })),
    }),
  ),
});
export type DataFilesResponse = z.infer<typeof DataFilesResponse>;
