import { stringify } from "csv-stringify/sync";
import {
  DATA_EXPORT_CSV_COLUMNS,
  DATA_EXPORT_FORMAT,
  DATA_EXPORT_VERSION,
  type DataExport,
  type DataExportCsvFile,
  type ExportAccount,
  type ExportSections,
} from "@serene/contracts";
import { dataExportFileName, worksheetAnswerRows, type WorksheetAnswerValue } from "@serene/domain";
import { unauthenticated } from "../../domain-errors";
import type { DataExportRepository, ExportRow } from "./data-export.repository";

/**
 * CSV as spreadsheets read it: a header line, every cell quoted when it holds a quote, a comma or a line break
 * (quotes doubled), lines ending in CRLF (RFC 4180), and a cell that starts with = + - @ (or a tab or carriage
 * return) prefixed with a single quote, so a spreadsheet never runs a member's text as a formula. A byte order
 * mark first, so spreadsheet programs read the file as UTF-8.
 */
export function toCsv(columns: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return `\uFEFF${stringify([[...columns], ...rows.map((row) => [...row])], { escape_formulas: true, record_delimiter: "windows" })}`;
}

const itemIdsOf = (sections: Record<string, ExportRow[]>) => {
  const ids = new Set<number>();
  for (const rows of Object.values(sections)) {
    for (const row of rows) if (typeof row.item_id === "number") ids.add(row.item_id);
  }
  // A saved mix names its sounds inside its layers (decision 044).
  for (const row of sections.mixer_presets ?? []) {
    if (!Array.isArray(row.layers)) continue;
    for (const layer of row.layers as { id?: unknown }[]) if (typeof layer?.id === "number") ids.add(layer.id);
  }
  return [...ids].sort((a, b) => a - b);
};

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** "Download my data" (decision 037): the member's whole file and the three CSV files. */
export function createDataExportService({
  repository,
  product,
  now = () => new Date(),
}: {
  repository: DataExportRepository;
  product: string;
  now?: () => Date;
}) {
  const fileName = async (userId: string, file: "data" | DataExportCsvFile, at: Date) =>
    dataExportFileName(product, file, at, await repository.timeZoneOf(userId));

  const csvRows: Record<DataExportCsvFile, (userId: string) => Promise<(string | number | null)[][]>> = {
    async notes(userId) {
      const rows = await repository.section("notes", userId);
      return rows.map((row) => DATA_EXPORT_CSV_COLUMNS.notes.map((column) => text(row[column])));
    },
    async sessions(userId) {
      const rows = await repository.section("listening_sessions", userId);
      const names = new Map((await repository.items(itemIdsOf({ rows }))).map((item) => [item.id, item.name]));
      return rows.map((row) => [
        text(row.id),
        typeof row.item_id === "number" ? row.item_id : null,
        typeof row.item_id === "number" ? (names.get(row.item_id) ?? "") : "",
        text(row.started_at),
        text(row.ended_at),
        Number(row.seconds),
      ]);
    },
    async worksheets(userId) {
      const entries = await repository.section("workbook_entries", userId);
      return worksheetAnswerRows(
        entries.map((row) => ({
          id: text(row.id),
          workbookId: Number(row.workbook_id),
          createdAt: text(row.created_at),
          answers: (row.answers ?? {}) as Record<string, WorksheetAnswerValue>,
        })),
      );
    },
  };

  return {
    /** GET /user/export: everything the product holds about the member, and the file's name. */
    async everything(userId: string): Promise<{ body: DataExport; fileName: string }> {
      const at = now();
      const found = await repository.everything(userId);
      // The account went between the sign-in check and this read (deleted): the session is over.
      if (!found) throw unauthenticated();
      const items = await repository.items(itemIdsOf(found.sections));
      return {
        body: {
          format: DATA_EXPORT_FORMAT,
          version: DATA_EXPORT_VERSION,
          product,
          generated_at: at.toISOString(),
          account: found.account as ExportAccount,
          sections: found.sections as unknown as ExportSections,
          withheld: found.withheld.map((field) => ({ field: field.field, rows_with_value: field.rowsWithValue, reason: field.reason })),
          items,
        },
        fileName: dataExportFileName(product, "data", at, found.account.time_zone as string | null),
      };
    },

    /** GET /user/export/{file}.csv: one CSV file of the member's, and its name. */
    async csv(userId: string, file: DataExportCsvFile): Promise<{ body: string; fileName: string }> {
      const at = now();
      const rows = await csvRows[file](userId);
      return { body: toCsv(DATA_EXPORT_CSV_COLUMNS[file], rows), fileName: await fileName(userId, file, at) };
    },
  };
}
export type DataExportService = ReturnType<typeof createDataExportService>;
