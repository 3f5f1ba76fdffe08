import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { saveFile } from "../../../lib/save-file";

/** The files of "Download my data" (decision 037): everything as JSON, and three parts as CSV. */
export type DataExportFile = "data" | "notes" | "sessions" | "worksheets";

const PATHS: Record<DataExportFile, { path: string; fallback: string }> = {
  data: { path: "user/export", fallback: "my-data.json" },
  notes: { path: "user/export/notes.csv", fallback: "notes.csv" },
  sessions: { path: "user/export/sessions.csv", fallback: "sessions.csv" },
  worksheets: { path: "user/export/worksheets.csv", fallback: "worksheets.csv" },
};

/**
 * GET /api/v1/user/export (and /user/export/{notes,sessions,worksheets}.csv): fetched with the member's bearer
 * token like every call, then saved under the server's file name. Failures are shown by the section, not as a toast.
 */
export async function downloadExport(file: DataExportFile): Promise<string> {
  const downloaded = await api.download(PATHS[file].path, PATHS[file].fallback, { silent: true });
  saveFile(downloaded);
  return downloaded.fileName;
}

export const useDataExport = () => useMutation({ mutationFn: downloadExport });
