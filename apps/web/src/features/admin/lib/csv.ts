import { saveFile } from "../../../lib/save-file";

/** A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or return first) unless told it is text. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number, even a negative one, stays a number. */
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A table as CSV (RFC 4180): fields quoted when they hold a comma, a quote or a line break, quotes doubled,
 * lines ended by CRLF. A text cell that starts like a formula gets a leading apostrophe, so a funnel named
 * "=HYPERLINK(…)" by an anonymous visitor opens as text, never as a formula.
 */
export function csvText(rows: readonly (readonly (string | number)[])[]): string {
  const field = (value: string | number) => {
    const text = String(value);
    const safe = typeof value === "string" && FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return rows.map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}

/** Saves a table (the console's only: kept out of the shared chunk every route loads) as a CSV file in the browser's downloads (UTF-8 with a byte-order mark, so spreadsheets read accents). */
export function saveCsv(fileName: string, rows: readonly (readonly (string | number)[])[]): void {
  saveFile({ blob: new Blob(["\uFEFF", csvText(rows)], { type: "text/csv;charset=utf-8" }), fileName });
}
