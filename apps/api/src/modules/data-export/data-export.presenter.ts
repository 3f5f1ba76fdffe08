import { stringify } from "csv-stringify/sync";
import {
  DATA_EXPORT_CSV_COLUMNS,
  DATA_EXPORT_FORMAT,
  DATA_EXPORT_VERSION,
  type DataExport,
  type ExportAccount,
  type ExportSections,
} from "@serene/contracts";
import { worksheetAnswerRows, type WorksheetAnswerValue } from "@serene/domain";
import type { ExportRow, WithheldCount } from "./data-export.repository.ts";

/**
 * CSV as spreadsheets read it: a header line, every cell quoted when it holds a quote, a comma or a line break
 * (quotes doubled), lines ending in CRLF (RFC 4180), and a cell that starts with = + - @ (or a tab or carriage
 * return) prefixed with a single quote, so a spreadsheet never runs a member's text as a formula. A byte order
 * mark first, so spreadsheet programs read the file as UTF-8.
 */
export function toCsv(columns: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return `\uFEFF${stringify([[...columns], ...rows.map((row) => [...row])], { escape_formulas: true, record_delimiter: "windows" })}`;
}

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** notes.csv: one line per note, the columns of DATA_EXPORT_CSV_COLUMNS.notes. */
export const notesCsvRows = (rows: ExportRow[]) => rows.map((row) => DATA_EXPORT_CSV_COLUMNS.notes.map((column) => text(row[column])));

/** sessions.csv: one line per listening session, with the item's name (`names` by item id). */
export const sessionsCsvRows = (rows: ExportRow[], names: Map<number, string>) =>
  rows.map((row) => [
    text(row.id),
    typeof row.item_id === "number" ? row.item_id : null,
    typeof row.item_id === "number" ? (names.get(row.item_id) ?? "") : "",
    text(row.started_at),
    text(row.ended_at),
    Number(row.seconds),
  ]);

/** worksheets.csv: one line per answer of each worksheet. */
export const worksheetsCsvRows = (entries: ExportRow[]) =>
  worksheetAnswerRows(
    entries.map((row) => ({
      id: text(row.id),
      workbookId: Number(row.workbook_id),
      createdAt: text(row.created_at),
      answers: (row.answers ?? {}) as Record<string, WorksheetAnswerValue>,
    })),
  );

/** The JSON file: the account, every section, what was withheld and why, and the items the sections name. */
export function presentExport(
  product: string,
  at: Date,
  found: { account: Record<string, unknown>; sections: Record<string, ExportRow[]>; withheld: WithheldCount[] },
  items: DataExport["items"],
): DataExport {
  return {
    format: DATA_EXPORT_FORMAT,
    version: DATA_EXPORT_VERSION,
    product,
    generated_at: at.toISOString(),
    account: found.account as ExportAccount,
    sections: found.sections as unknown as ExportSections,
    withheld: found.withheld.map((field) => ({ field: field.field, rows_with_value: field.rowsWithValue, reason: field.reason })),
    items,
  };
}
