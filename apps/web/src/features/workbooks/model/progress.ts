import type { WorkbookAnswer } from "@serene/contracts";
import { STORAGE_KEYS, storage } from "../../../lib/storage";
import type { Answers } from "./answers";

/**
 * A workbook in progress is kept on this device until its entry is saved, so a reload (or a phone that
 * drops the page) resumes at the same question with the same answers. One record per member and workbook.
 */
export interface WorkbookProgress {
  /** The position among the questions asked. */
  index: number;
  answers: Answers;
}

export const EMPTY_PROGRESS: WorkbookProgress = { index: 0, answers: {} };

const keyOf = (memberId: string, workbookId: string) => `${STORAGE_KEYS.workbookProgressPrefix}${memberId}:${workbookId}`;

const isAnswer = (value: unknown): value is WorkbookAnswer =>
  typeof value === "string" ||
  (typeof value === "number" && Number.isFinite(value)) ||
  (Array.isArray(value) && value.every((item) => typeof item === "string"));

/** What was kept for this member and workbook; anything unreadable counts as a fresh start. */
export function readProgress(memberId: string, workbookId: string): WorkbookProgress {
  const raw = storage.get(keyOf(memberId, workbookId));
  if (raw === null) return EMPTY_PROGRESS;
  try {
    const parsed = JSON.parse(raw) as { index?: unknown; answers?: unknown };
    const index = typeof parsed.index === "number" && Number.isInteger(parsed.index) && parsed.index >= 0 ? parsed.index : 0;
    const answers: Answers = {};
    if (parsed.answers && typeof parsed.answers === "object") {
      for (const [id, value] of Object.entries(parsed.answers)) if (isAnswer(value)) answers[id] = value;
    }
    return { index, answers };
  } catch {
    return EMPTY_PROGRESS;
  }
}

export function writeProgress(memberId: string, workbookId: string, progress: WorkbookProgress) {
  storage.set(keyOf(memberId, workbookId), JSON.stringify(progress));
}

export function clearProgress(memberId: string, workbookId: string) {
  storage.remove(keyOf(memberId, workbookId));
}

/**
 * Forgets a workbook's progress whoever kept it on this device: a card resets the workbook before opening
 * it (spec 001 section 4), without waiting for the member's id to load.
 */
export function resetWorkbook(workbookId: string | number) {
  const suffix = `:${workbookId}`;
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(STORAGE_KEYS.workbookProgressPrefix) && key.endsWith(suffix)) keys.push(key);
    }
    for (const key of keys) storage.remove(key);
  } catch {
    // Storage may be unavailable (private mode): there is nothing to forget then.
  }
}
