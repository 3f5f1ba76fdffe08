import { DATA_EXPORT_CSV_COLUMNS, type DataExport, type DataExportCsvFile } from "@serene/contracts";
import { dataExportFileName } from "@serene/domain";
import { unauthenticated } from "../../domain-errors.ts";
import { notesCsvRows, presentExport, sessionsCsvRows, toCsv, worksheetsCsvRows } from "./data-export.presenter.ts";
import type { DataExportRepository, ExportRow } from "./data-export.repository.ts";

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
    notes: async (userId) => notesCsvRows(await repository.section("notes", userId)),
    async sessions(userId) {
      const rows = await repository.section("listening_sessions", userId);
      const names = new Map((await repository.items(itemIdsOf({ rows }))).map((item) => [item.id, item.name]));
      return sessionsCsvRows(rows, names);
    },
    worksheets: async (userId) => worksheetsCsvRows(await repository.section("workbook_entries", userId)),
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
        body: presentExport(product, at, found, items),
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
