import type { WorkbookCard, WorkbookDefinition, WorkbookEntry, WorkbookEntrySummary } from "@serene/contracts";
import { displayAnswer, workbookGate } from "@serene/domain";
import type { WorkbookEntryRow } from "./workbooks.repository.ts";

/**
 * A workbook as this member sees it: free, available to them now, why it waits (`workbookGate` over the workbooks
 * they completed), their latest entry. `latest` maps each workbook the member completed to its latest entry's id.
 */
export function presentWorkbookCard(
  workbook: WorkbookDefinition,
  all: readonly WorkbookDefinition[],
  subscriber: boolean,
  latest: Map<number, string>,
): WorkbookCard {
  const completedNames = all.filter((other) => latest.has(other.id)).map((other) => other.name);
  const lockedReason = workbookGate(workbook.name, completedNames);
  return {
    id: workbook.id,
    name: workbook.name,
    aliases: workbook.aliases,
    description: workbook.description,
    technique: workbook.technique,
    minutes: workbook.minutes,
    free: workbook.free,
    available: (workbook.free || subscriber) && lockedReason === null,
    locked_reason: lockedReason,
    completed: latest.has(workbook.id),
    latest_entry_id: latest.get(workbook.id) ?? null,
  };
}

/** A saved worksheet with its answers in the workbook's question order, each with the words it is shown in. */
export function presentWorkbookEntry(row: WorkbookEntryRow, workbook: WorkbookDefinition | undefined): WorkbookEntry {
  const answers = (workbook?.questions ?? [])
    .filter((question) => row.answers[question.id] !== undefined)
    .map((question) => {
      const value = row.answers[question.id]!;
      return {
        question_id: question.id,
        question: question.text,
        group: question.group,
        kind: question.kind,
        value,
        display: displayAnswer(question, value),
      };
    });
  return {
    id: row.id,
    workbook_id: row.workbookId,
    workbook_name: workbook?.name ?? `Workbook ${row.workbookId}`,
    created_at: row.createdAt.toISOString(),
    answers,
  };
}

/** A worksheet in the member's list: which workbook, when, and how many answers it holds. */
export const presentWorkbookEntrySummary = (row: WorkbookEntryRow, workbook: WorkbookDefinition | undefined): WorkbookEntrySummary => ({
  id: row.id,
  workbook_id: row.workbookId,
  workbook_name: workbook?.name ?? `Workbook ${row.workbookId}`,
  created_at: row.createdAt.toISOString(),
  answered: Object.keys(row.answers).length,
});
