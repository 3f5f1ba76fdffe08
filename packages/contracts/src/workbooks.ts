import { WORKBOOK_KINDS } from "@serene/domain";
import { z } from "zod";
import { CacheBuster, PageQuery, paged } from "./common.ts";
import { Earned } from "./progress.ts";

/**
 * CBT workbooks and the member's entries (spec 001 sections 2, 3, 4 and 7; decision 035). Workbooks are
 * content (content/demo/workbooks.json); an entry is one completed workbook, kept with the member's account.
 */

/** Field kinds of spec 001 section 3, plus `instruction` for a text-only step (the Exposure Hierarchy's 0000). */
export const WORKBOOK_FIELD_KINDS = WORKBOOK_KINDS;
export const WorkbookFieldKind = z.enum(WORKBOOK_FIELD_KINDS);
export type WorkbookFieldKind = z.infer<typeof WorkbookFieldKind>;

export const WorkbookOption = z.object({ value: z.string(), label: z.string() });
export type WorkbookOption = z.infer<typeof WorkbookOption>;

export const WorkbookQuestion = z
  .object({
    /** Stable within its workbook ("q1", "0000"); answers are keyed by it. */
    id: z.string(),
    /** The question's group: only questions whose group the member selected are asked (spec 001 section 4). */
    group: z.string(),
    kind: WorkbookFieldKind,
    text: z.string(),
    /** A short, kind hint under the question. */
    hint: z.string().nullable(),
    answer: z.object({
      /** More than one answer: multi select and multi text. */
      multiple_answer: z.boolean(),
      required: z.boolean(),
      /** select and multi select. */
      options: z.array(WorkbookOption).nullable(),
      /** range: whole numbers from min to max, with words for both ends. */
      range: z.object({ min: z.number().int(), max: z.number().int(), min_label: z.string(), max_label: z.string() }).nullable(),
      /** text and multi text: the longest answer, in characters. */
      max_length: z.number().int().nullable(),
    }),
  })
  .meta({ id: "WorkbookQuestion" });
export type WorkbookQuestion = z.infer<typeof WorkbookQuestion>;

/** What the member's list shows for one workbook: gating and progress are theirs. */
export const WorkbookCard = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** Other names it answers to ("Goals" for Setting Goals). */
    aliases: z.array(z.string()),
    description: z.string(),
    /** Where the technique comes from, in a sentence. */
    technique: z.string(),
    minutes: z.number().int(),
    /** Free members may fill it in; the others open the subscription offer. */
    free: z.boolean(),
    /** The member may fill it in now (subscription and gating). */
    available: z.boolean(),
    /** The spec's tooltip when an earlier workbook must be completed first, else null. */
    locked_reason: z.string().nullable(),
    /** Completed at least once: the card links to the member's latest entry. */
    completed: z.boolean(),
    latest_entry_id: z.string().nullable(),
  })
  .meta({ id: "WorkbookCard" });
export type WorkbookCard = z.infer<typeof WorkbookCard>;

// GET /workbooks
export const WorkbookCardList = z.object({ data: z.array(WorkbookCard) });
export type WorkbookCardList = z.infer<typeof WorkbookCardList>;

// GET /workbook/{id}
export const WorkbookParams = z.object({ id: z.string() });
export const Workbook = WorkbookCard.extend({
  /**
   * The index (0, 1 or 2) of the question whose answers choose the groups asked afterwards (spec 001 section 4),
   * or null when every question is asked.
   */
  group_question: z.number().int().nullable(),
  questions: z.array(WorkbookQuestion),
}).meta({ id: "Workbook" });
export type Workbook = z.infer<typeof Workbook>;
export const WorkbookResponse = z.object({ data: Workbook });
export type WorkbookResponse = z.infer<typeof WorkbookResponse>;

/**
 * One workbook as content (content/demo/workbooks.json): the workbook without the member's view of it. The API
 * checks the file against this, and the rules of `workbookDefinitionProblems`, at start-up.
 */
export const WorkbookDefinition = Workbook.omit({ available: true, locked_reason: true, completed: true, latest_entry_id: true }).strict();
export type WorkbookDefinition = z.infer<typeof WorkbookDefinition>;
export const WorkbookDefinitions = z.array(WorkbookDefinition).min(1);

/** One answer: text, a chosen option value, several of either, or a number on a range. */
export const WORKBOOK_ANSWER_TYPE = "The answer must be text, a number or a list of texts.";
export const WorkbookAnswer = z.union([z.string(), z.number(), z.array(z.string())], { error: WORKBOOK_ANSWER_TYPE });
export type WorkbookAnswer = z.infer<typeof WorkbookAnswer>;

// POST /user/workbook
export const WorkbookEntryBody = z.object({
  workbook_id: z.number().int().positive(),
  /**
   * By question id; questions of groups not selected are left out. Null, blank text and an empty list count as
   * not answered (a skipped question). Problems are 422 on `answers.<question id>`.
   */
  answers: z.record(z.string().max(64), WorkbookAnswer.nullable()),
});
export type WorkbookEntryBody = z.infer<typeof WorkbookEntryBody>;

/** The worksheet named in the address. Any text is accepted here; a malformed id is simply not found (404). */
export const WorkbookEntryParams = z.object({ id: z.string() });

export const WorkbookEntryAnswer = z.object({
  question_id: z.string(),
  question: z.string(),
  group: z.string(),
  kind: WorkbookFieldKind,
  value: WorkbookAnswer,
  /** The value as a person reads it (option labels joined with ", ", "7 of 10", several texts joined with "; "). */
  display: z.string(),
});
export const WorkbookEntry = z
  .object({
    id: z.string(),
    workbook_id: z.number().int(),
    workbook_name: z.string(),
    /** ISO 8601, UTC. */
    created_at: z.string(),
    answers: z.array(WorkbookEntryAnswer),
  })
  .meta({ id: "WorkbookEntry" });
export type WorkbookEntry = z.infer<typeof WorkbookEntry>;
/** `earned`: on POST only, the badges the new entry earned (an empty list when none). */
export const WorkbookEntryResponse = z.object({ data: WorkbookEntry, earned: Earned.optional() });
export type WorkbookEntryResponse = z.infer<typeof WorkbookEntryResponse>;

// GET /user/workbook: the member's worksheets, newest first, 20 a page.
export const WorkbookEntryQuery = PageQuery;
export const WorkbookEntrySummary = z
  .object({ id: z.string(), workbook_id: z.number().int(), workbook_name: z.string(), created_at: z.string(), answered: z.number().int() })
  .meta({ id: "WorkbookEntrySummary" });
export type WorkbookEntrySummary = z.infer<typeof WorkbookEntrySummary>;
export const WorkbookEntryList = paged(WorkbookEntrySummary);
export type WorkbookEntryList = z.infer<typeof WorkbookEntryList>;

export const WorkbookQuery = CacheBuster;
