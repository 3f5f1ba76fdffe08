import {
  NOTE_DELETED_MESSAGE,
  WorkbookDefinitions,
  type DeletedResponse,
  type EarnedAchievement,
  type WorkbookCardList,
  type WorkbookDefinition,
  type WorkbookEntryBody,
  type WorkbookEntryList,
  type WorkbookEntryResponse,
  type WorkbookResponse,
} from "@serene/contracts";
import {
  entryAnswers,
  entryProblems,
  EXPOSURE_INSTRUCTION,
  EXPOSURE_INSTRUCTION_ID,
  pageMeta,
  pageOffset,
  workbookDefinitionProblems,
  workbookGate,
  WORKBOOK_PREREQUISITES,
  type PageRequest,
} from "@serene/domain";
import { forbidden, invalid, invalidField, notFound } from "../../domain-errors.ts";
import type { SignIn } from "../accounts/access-tokens.ts";
import { ownedIdOr404 } from "../../http/ids.ts";
import type { SubscriptionsService } from "../subscriptions/subscriptions.service.ts";
import { presentWorkbookCard, presentWorkbookEntry, presentWorkbookEntrySummary } from "./workbooks.presenter.ts";
import type { WorkbookEntryRow, WorkbooksRepository } from "./workbooks.repository.ts";
const WORKBOOK_ID = /^[1-9]\d{0,8}$/;
export const WORKBOOK_NOT_FOUND = "Workbook not found.";
export const ENTRY_NOT_FOUND = "Worksheet not found.";
export const UNKNOWN_WORKBOOK = "The selected workbook id is invalid.";
/** A subscriber-only workbook saved by a member without access (403). */
export const forSubscribers = (name: string) => `The workbook "${name}" is part of the subscription. Subscribe to fill it in.`;

/** The spec's eleven workbooks, in its order (spec 001 section 3): the shipped file must hold exactly these. */
export const WORKBOOK_NAMES = [
  "General Issues",
  "Setting Goals",
  "Exposure Hierarchy",
  "Components Of Emotion",
  "Monitoring Moods",
  "Thought Record",
  "Thought Record Review",
  "Pleasure And Mastery List",
  "Thought Chain Effect",
  "Bad Thoughts Destroyer",
  "Cognitive Distortions",
] as const;

/**
 * Checks the workbooks file as the API starts (decision 035): the schema, the eleven names in the spec's order with
 * ids 1 to 11, the Exposure Hierarchy's instruction item, workbooks waited for that exist, and each workbook's own
 * rules (`workbookDefinitionProblems`: groups, options, ranges, lengths). Anything that does not fit stops start-up.
 */
export function checkedWorkbooks(raw: unknown): WorkbookDefinition[] {
  const workbooks = WorkbookDefinitions.parse(raw);
  const problems: string[] = [];
  const names = workbooks.map((workbook) => workbook.name);
  if (JSON.stringify(names) !== JSON.stringify(WORKBOOK_NAMES))
    problems.push(`The workbooks must be, in order: ${WORKBOOK_NAMES.join(", ")}.`);
  workbooks.forEach((workbook, index) => {
    if (workbook.id !== index + 1) problems.push(`Workbook "${workbook.name}" must have the id ${index + 1}.`);
    problems.push(...workbookDefinitionProblems(workbook));
  });
  const ladder = workbooks.find((workbook) => workbook.name === "Exposure Hierarchy");
  const first = ladder?.questions[0];
  if (ladder && (first?.id !== EXPOSURE_INSTRUCTION_ID || first.kind !== "instruction" || first.text !== EXPOSURE_INSTRUCTION))
    problems.push(`Workbook "Exposure Hierarchy" must open with the instruction ${EXPOSURE_INSTRUCTION_ID}: "${EXPOSURE_INSTRUCTION}"`);
  for (const [gated, needed] of Object.entries(WORKBOOK_PREREQUISITES))
    if (!names.includes(gated) || !names.includes(needed)) problems.push(`Workbook "${gated}" waits for "${needed}": both must exist.`);
  if (problems.length > 0) throw new Error(`The workbooks file does not fit:\n${problems.join("\n")}`);
  return workbooks;
}

/**
 * The CBT workbooks and the member's worksheets (decision 035). Workbooks are content, checked once at start-up and
 * served from memory; an entry is one completed workbook. Who may fill in a workbook is decided here, on the server:
 * a subscriber-only workbook needs access (the subscriptions service's `mayPlayLocked`), and a gated one needs the
 * workbook it waits for completed (`workbookGate`). Another member's entry, an unknown and a malformed id all answer
 * the same 404. `onCompleted` (the achievements) hears of each saved entry and answers the badges it earned.
 */
export function createWorkbooksService(deps: {
  repository: WorkbooksRepository;
  workbooks: unknown;
  subscriptions: Pick<SubscriptionsService, "mayPlayLocked">;
  onCompleted?: (userId: string) => Promise<EarnedAchievement[]>;
  logger?: { error(details: object, message: string): void };
}) {
  const { repository, subscriptions } = deps;
  const workbooks = checkedWorkbooks(deps.workbooks);
  const byId = new Map(workbooks.map((workbook) => [workbook.id, workbook]));

  /** A malformed id cannot name an entry: it is not found, without asking the database (which would refuse it). */
  const entryIdOf = (id: string) => ownedIdOr404(id, ENTRY_NOT_FOUND);

  const card = (workbook: WorkbookDefinition, subscriber: boolean, latest: Map<number, string>) =>
    presentWorkbookCard(workbook, workbooks, subscriber, latest);
  const present = (row: WorkbookEntryRow) => presentWorkbookEntry(row, byId.get(row.workbookId));

  async function earnedBy(userId: string): Promise<EarnedAchievement[]> {
    if (!deps.onCompleted) return [];
    try {
      return await deps.onCompleted(userId);
    } catch (error) {
      // The worksheet is saved: a badge that could not be checked now is checked on the member's next write.
      deps.logger?.error({ err: error }, "Achievements could not be checked after a worksheet was saved");
      return [];
    }
  }

  return {
    /** GET /workbooks: every workbook in the spec's order, as the member sees it. */
    async list(member: SignIn): Promise<WorkbookCardList> {
      const latest = await repository.latestByWorkbook(member.user.id);
      const subscriber = subscriptions.mayPlayLocked(member);
      return { data: workbooks.map((workbook) => card(workbook, subscriber, latest)) };
    },

    /** GET /workbook/{id}: the workbook with its questions; 404 "Workbook not found." for any other id. */
    async read(member: SignIn, id: string): Promise<WorkbookResponse> {
      const workbook = WORKBOOK_ID.test(id) ? byId.get(Number(id)) : undefined;
      if (!workbook) throw notFound(WORKBOOK_NOT_FOUND);
      const latest = await repository.latestByWorkbook(member.user.id);
      return {
        data: {
          ...card(workbook, subscriptions.mayPlayLocked(member), latest),
          group_question: workbook.group_question,
          questions: workbook.questions,
        },
      };
    },

    /** GET /user/workbook: the member's worksheets, newest first. */
    async entries(userId: string, request: PageRequest): Promise<WorkbookEntryList> {
      const { rows, total } = await repository.page(userId, request.perPage, pageOffset(request));
      return {
        data: rows.map((row) => presentWorkbookEntrySummary(row, byId.get(row.workbookId))),
        meta: pageMeta(total, request),
      };
    },

    /** GET /user/workbook/{id}: one of the member's worksheets with every answer and how it reads. */
    async entry(userId: string, id: string): Promise<WorkbookEntryResponse> {
      const row = await repository.find(userId, entryIdOf(id));
      if (!row) throw notFound(ENTRY_NOT_FOUND);
      return { data: present(row) };
    },

    /**
     * POST /user/workbook: saves a completed workbook. In order: an unknown workbook is 422 on workbook_id; a
     * subscriber-only one without access 403; a gated one whose prerequisite is not completed 422 on workbook_id
     * with the card's tooltip; then the answers, 422 on `answers.<question id>`.
     */
    async create(member: SignIn, body: WorkbookEntryBody): Promise<WorkbookEntryResponse> {
      const userId = member.user.id;
      const workbook = byId.get(body.workbook_id);
      if (!workbook) throw invalidField("workbook_id", UNKNOWN_WORKBOOK);
      if (!workbook.free && !subscriptions.mayPlayLocked(member)) throw forbidden(forSubscribers(workbook.name));
      const latest = await repository.latestByWorkbook(userId);
      const gate = workbookGate(
        workbook.name,
        workbooks.filter((other) => latest.has(other.id)).map((other) => other.name),
      );
      if (gate) throw invalidField("workbook_id", gate);
      const problems = entryProblems(workbook, body.answers);
      if (Object.keys(problems).length > 0)
        throw invalid(Object.fromEntries(Object.entries(problems).map(([questionId, messages]) => [`answers.${questionId}`, messages])));
      const row = await repository.create(userId, workbook.id, entryAnswers(workbook, body.answers));
      return { data: present(row), earned: await earnedBy(userId) };
    },

    /** DELETE /user/workbook/{id}: the spec's "Successfully deleted"; 404 when the member has no such entry. */
    async remove(userId: string, id: string): Promise<DeletedResponse> {
      if (!(await repository.remove(userId, entryIdOf(id)))) throw notFound(ENTRY_NOT_FOUND);
      return { message: NOTE_DELETED_MESSAGE };
    },
  };
}
export type WorkbooksService = ReturnType<typeof createWorkbooksService>;
