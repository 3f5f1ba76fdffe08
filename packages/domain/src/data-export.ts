/**
 * Rules of "Download my data" (decision 037): how the files are named and how worksheet answers become rows.
 */

/** The kinds of file a member can download: the whole JSON file and three CSV files. */
export type DataExportFile = "data" | "notes" | "sessions" | "worksheets";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The calendar day (YYYY-MM-DD) of an instant in the member's IANA time zone, so a file downloaded late in the
 * evening carries that evening's date; UTC when the zone is missing or unknown.
 */
export function dataExportDay(now: Date, timeZone: string | null | undefined): string {
  const utc = now.toISOString().slice(0, 10);
  if (!timeZone) return utc;
  try {
    // en-CA writes dates as YYYY-MM-DD.
    const day = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
    return DAY.test(day) ? day : utc;
  } catch {
    return utc;
  }
}

/** A product name as a file name's first word: "Serene" → "serene", "Calm Space!" → "calm-space"; "data" when nothing is left. */
export function fileNameWord(product: string): string {
  const word = product
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return word || "data";
}

/** `serene-data-2026-11-26.json`, `serene-notes-2026-11-26.csv`: the product, what the file holds and the member's day. */
export function dataExportFileName(product: string, file: DataExportFile, now: Date, timeZone: string | null | undefined): string {
  return `${fileNameWord(product)}-${file}-${dataExportDay(now, timeZone)}.${file === "data" ? "json" : "csv"}`;
}

/** What a worksheet answer is: text, a chosen option, several of either, or a number on a range. */
export type WorksheetAnswerValue = string | number | readonly string[];

export interface WorksheetEntryRecord {
  id: string;
  workbookId: number;
  /** ISO 8601, UTC. */
  createdAt: string;
  answers: Readonly<Record<string, WorksheetAnswerValue>>;
}

/**
 * One row per answer, in the order entries are given and, within an entry, by question id: entry id, workbook
 * id, created at, question id, value. Several answers to one question stay in one cell, one per line.
 */
export function worksheetAnswerRows(entries: readonly WorksheetEntryRecord[]): string[][] {
  const rows: string[][] = [];
  for (const entry of entries) {
    const questions = Object.keys(entry.answers).sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
    for (const question of questions) {
      const value = entry.answers[question]!;
      rows.push([entry.id, String(entry.workbookId), entry.createdAt, question, Array.isArray(value) ? value.join("\n") : String(value)]);
    }
  }
  return rows;
}
