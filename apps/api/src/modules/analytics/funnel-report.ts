import { countFunnels, printableText, type FunnelReport } from "@serene/domain";
import type { Database } from "@serene/db";
import { createAnalyticsRepository } from "./analytics.repository.ts";

/**
 * `npm run report:funnels` (decision 027): the funnels counted from the first-party events, as a plain
 * text table and as a self-contained HTML page (inline CSS and an inline SVG bar chart, nothing fetched).
 * The counting rules live in packages/domain/src/funnels.ts; this module reads and renders. The console's
 * dashboard (decision 069) counts through `buildFunnelReport` too, so both show the same numbers. Funnel names
 * come from anonymous events, so whatever is printed from them goes through `printableText` (no terminal
 * control sequence reaches the screen) and, in the page, is HTML-escaped too.
 */
export interface FunnelReportOptions {
  /** Only events at or after this time; null for all that are kept (ANALYTICS_RETENTION_DAYS). */
  since: Date | null;
  /** Only events before this time (the console's dashboard counts whole days); null for up to now. */
  until?: Date | null;
}

/** Reads the events from the database and counts the funnels. */
export async function buildFunnelReport(db: Database, { since, until = null }: FunnelReportOptions): Promise<FunnelReport[]> {
  const events = await createAnalyticsRepository(db).funnelEvents(since, until);
  return countFunnels(events);
}

const formatConversion = (conversion: number | null) => (conversion === null ? "" : `${conversion.toFixed(1)} %`);

/** A funnel's heading: its name, its kind and, but for a coming-soon page, the people it sold to by any path. */
function headingOf(report: FunnelReport): { name: string; kind: string; sales: string | null } {
  const sales =
    report.kind === "coming-soon"
      ? null
      : `${report.purchases} ${report.purchases === 1 ? "person" : "people"} took a trial or bought, by any path`;
  return { name: printableText(report.funnel), kind: report.kind, sales };
}

/** One plain table per funnel: step, people, conversion from the previous step. */
export function renderFunnelText(reports: FunnelReport[], { since }: FunnelReportOptions): string {
  const header = `Funnels, ${since ? `since ${since.toISOString()}` : "all kept events"}`;
  if (reports.length === 0) return `${header}\n\nNo funnel events yet.\n`;
  const blocks = reports.map((report) => {
    const rows = report.steps.map((step) => [step.label, String(step.people), formatConversion(step.conversion)]);
    const widths = [0, 1, 2].map((column) =>
      Math.max(["Step", "People", "From previous"][column]!.length, ...rows.map((row) => row[column]!.length)),
    );
    const line = (cells: string[]) =>
      `  ${cells[0]!.padEnd(widths[0]!)}  ${cells[1]!.padStart(widths[1]!)}  ${cells[2]!.padStart(widths[2]!)}`.trimEnd();
    const { name, kind, sales } = headingOf(report);
    return [
      `${name} (${kind})${sales ? ` · ${sales}` : ""}`,
      line(["Step", "People", "From previous"]),
      line(["-".repeat(widths[0]!), "-".repeat(widths[1]!), "-".repeat(widths[2]!)]),
      ...rows.map(line),
    ].join("\n");
  });
  return `${header}\n\n${blocks.join("\n\n")}\n`;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!);

const BAR_HEIGHT = 22;
const ROW_GAP = 10;
const LABEL_WIDTH = 170;
const CHART_WIDTH = 640;

/** A horizontal bar per step, scaled to the funnel's largest step; the conversion beside it. */
function chartOf(report: FunnelReport): string {
  const most = Math.max(1, ...report.steps.map((step) => step.people));
  const barSpace = CHART_WIDTH - LABEL_WIDTH - 110;
  const height = report.steps.length * (BAR_HEIGHT + ROW_GAP) + ROW_GAP;
  const rows = report.steps.map((step, index) => {
    const y = ROW_GAP + index * (BAR_HEIGHT + ROW_GAP);
    const width = Math.max(step.people > 0 ? 2 : 0, Math.round((step.people / most) * barSpace));
    const note = `${step.people}${step.conversion === null ? "" : ` · ${formatConversion(step.conversion)}`}`;
    return [
      `<text x="${LABEL_WIDTH - 8}" y="${y + 15}" text-anchor="end" class="label">${escapeHtml(step.label)}</text>`,
      `<rect x="${LABEL_WIDTH}" y="${y}" width="${barSpace}" height="${BAR_HEIGHT}" rx="6" class="track"/>`,
      `<rect x="${LABEL_WIDTH}" y="${y}" width="${width}" height="${BAR_HEIGHT}" rx="6" class="bar"><title>${escapeHtml(`${step.label}: ${note}`)}</title></rect>`,
      `<text x="${LABEL_WIDTH + barSpace + 8}" y="${y + 15}" class="value">${escapeHtml(note)}</text>`,
    ].join("");
  });
  return `<svg viewBox="0 0 ${CHART_WIDTH} ${height}" width="100%" role="img" aria-label="${escapeHtml(`${headingOf(report).name}: people per step`)}">${rows.join("")}</svg>`;
}

function tableOf(report: FunnelReport): string {
  const rows = report.steps
    .map(
      (step) =>
        `<tr><th scope="row">${escapeHtml(step.label)}</th><td>${step.people}</td><td>${escapeHtml(formatConversion(step.conversion))}</td></tr>`,
    )
    .join("");
  return `<table><thead><tr><th scope="col">Step</th><th scope="col">People</th><th scope="col">From previous</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The whole report as one HTML page that needs nothing else (no scripts, fonts or images from anywhere). */
export function renderFunnelHtml(reports: FunnelReport[], { since, generatedAt }: FunnelReportOptions & { generatedAt: Date }): string {
  const period = since ? `Events since ${since.toISOString().slice(0, 16).replace("T", " ")} UTC` : "All kept events";
  const sections =
    reports.length === 0
      ? `<p class="empty">No funnel events yet.</p>`
      : reports
          .map((report) => {
            const { name, kind, sales } = headingOf(report);
            return `<section><h2>${escapeHtml(name)} <span class="kind">${escapeHtml(kind)}</span></h2>${sales ? `<p class="sales">${escapeHtml(sales)}</p>` : ""}${chartOf(report)}${tableOf(report)}</section>`;
          })
          .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Funnels</title>
<style>
  :root { color-scheme: light; --ink: #1d2150; --soft: #4d5275; --line: #e7e0d6; --bar: #4f4fc9; --track: #f4efe8; }
  * { box-sizing: border-box; }
  body { margin: 0; background: #fbf8f4; color: var(--ink); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 760px; margin: 0 auto; padding: 32px 20px 64px; }
  h1 { margin: 0 0 4px; font-size: 28px; }
  .meta { margin: 0 0 24px; color: var(--soft); }
  section { margin: 0 0 24px; padding: 20px; background: #fff; border: 1px solid var(--line); border-radius: 16px; }
  h2 { margin: 0 0 12px; font-size: 20px; }
  .kind { margin-left: 6px; padding: 2px 8px; border-radius: 999px; background: #ecebff; color: #3d3db0; font-size: 12px; font-weight: 700; text-transform: uppercase; letter-spacing: .06em; vertical-align: middle; }
  svg { display: block; margin: 0 0 12px; }
  .label { fill: var(--soft); font-size: 12px; }
  .value { fill: var(--ink); font-size: 12px; font-weight: 700; }
  .track { fill: var(--track); }
  .bar { fill: var(--bar); }
  table { width: 100%; border-collapse: collapse; font-size: 14px; }
  th, td { padding: 6px 8px; border-top: 1px solid var(--line); text-align: right; }
  th:first-child { text-align: left; font-weight: 600; }
  thead th { border-top: 0; color: var(--soft); font-weight: 700; }
  .empty { color: var(--soft); }
  .sales { margin: -4px 0 12px; color: var(--soft); }
</style>
</head>
<body>
<main>
<h1>Funnels</h1>
<p class="meta">${escapeHtml(period)} · a person is one browser, followed step by step in order · generated ${escapeHtml(generatedAt.toISOString().slice(0, 16).replace("T", " "))} UTC</p>
${sections}
</main>
</body>
</html>
`;
}
