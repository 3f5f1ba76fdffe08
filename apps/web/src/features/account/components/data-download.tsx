import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Notice } from "../../../components/ui/notice";
import { tooManyRequestsMessage } from "../../../lib/api-client";
import { env } from "../../../lib/env";
import { useDataExport, type DataExportFile } from "../api/data-export";
import styles from "./data-download.module.css";

export const DATA_DOWNLOAD_FAILED = "Your file could not be prepared. Please try again in a moment.";

const PARTS: { file: Exclude<DataExportFile, "data">; label: string }[] = [
  { file: "notes", label: "Notes" },
  { file: "sessions", label: "Listening sessions" },
  { file: "worksheets", label: "Worksheet answers" },
];

function DownloadIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Settings / Account: "Download my data" (decision 037). One button for everything as a JSON file and three
 * smaller ones for parts as CSV. Files are fetched with the member's sign-in and saved under the server's name;
 * the pressed button says it is busy, and a failure shows the server's own message (a 429 says when to retry).
 */
export function DataDownload() {
  const download = useDataExport();
  const [saved, setSaved] = useState<string | null>(null);
  const busy = download.isPending ? download.variables : null;

  const start = (file: DataExportFile) => {
    setSaved(null);
    download.mutate(file, { onSuccess: (fileName) => setSaved(fileName) });
  };
  const failure = download.isError ? tooManyRequestsMessage(download.error) || download.error.message || DATA_DOWNLOAD_FAILED : null;

  return (
    <section className={styles.section} aria-labelledby="data-download-title">
      <div className={styles.intro}>
        <span className={styles.badge} aria-hidden="true">
          <DownloadIcon />
        </span>
        <div className={styles.text}>
          <h2 id="data-download-title">Download my data</h2>
          <p>
            Your data is yours. Get a copy of everything {env.appName} keeps about you: your account, subscription and payments, what you
            listened to and saved, your badges, notes and worksheets.
          </p>
          <p className={styles.quiet}>
            Your password and sign-in keys are never part of the file: we only keep them in a locked form that nobody can read.
          </p>
        </div>
      </div>

      <div className={styles.actions}>
        <Button onClick={() => start("data")} disabled={busy !== null} aria-busy={busy === "data" || undefined}>
          <DownloadIcon />
          {busy === "data" ? "Preparing your file…" : "Download my data"}
        </Button>
        <span className={styles.format}>One JSON file with everything</span>
      </div>

      <div className={styles.parts}>
        <p id="data-download-parts">Or just one part, as a spreadsheet (CSV):</p>
        <ul aria-labelledby="data-download-parts">
          {PARTS.map(({ file, label }) => (
            <li key={file}>
              <button
                type="button"
                className={styles.part}
                onClick={() => start(file)}
                disabled={busy !== null}
                aria-busy={busy === file || undefined}
                aria-label={`${label} (CSV)`}
              >
                <DownloadIcon />
                <span>{busy === file ? "Preparing…" : label}</span>
                <span className={styles.tag} aria-hidden="true">
                  CSV
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>

      {/* Notices announce themselves (alert, status). */}
      {failure && <Notice kind="error">{failure}</Notice>}
      {saved && !download.isPending && (
        <Notice kind="success">
          Saved as <strong className={styles.fileName}>{saved}</strong>. Look in your downloads.
        </Notice>
      )}
    </section>
  );
}
