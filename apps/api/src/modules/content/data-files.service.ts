import { loadComingSoon, loadLandingPages, loadQuizzes, loadQuotes, loadSalesPages, loadVsl, loadWorkbooks } from "@serene/content";
import {
  ComingSoonFunnelDefinitions,
  LandingPageDefinitions,
  QuizDefinitions,
  QuoteDefinitions,
  SalesPageDefinitions,
  VslDefinitions,
  type DataFilesResponse,
} from "@serene/contracts";
import { checkedWorkbooks } from "../workbooks/workbooks.service.ts";

export interface DataFile {
  name: string;
  file: string;
  /** Reads the file as it is on disk now and checks it the way start-up does; throws what is wrong. */
  check: () => unknown[];
  /** One entry as the preview lists it, and where members meet it. */
  entry: (value: Record<string, unknown>) => { title: string; href: string | null };
}

/** Where members open a quiz of each type (packages/domain app-routes). */
const QUIZ_ROUTE: Record<string, string> = { "Lead Quiz": "lead", single: "single", "Direct Sales": "user", user: "user" };
const text = (value: unknown) => (typeof value === "string" ? value : String(value ?? ""));

/** The content that stays in data files for now (issue 29): what the console previews and reports on. */
const DATA_FILES: DataFile[] = [
  {
    name: "Quizzes",
    file: "content/demo/quizzes.json",
    check: () => QuizDefinitions.parse(loadQuizzes()),
    entry: (quiz) => ({
      title: text(quiz.title),
      href: quiz.default === true ? "/quiz" : `/${QUIZ_ROUTE[text(quiz.type)] ?? "user"}-quiz/${text(quiz.slug)}`,
    }),
  },
  {
    name: "Sales pages",
    file: "content/demo/sales-pages.json",
    check: () => SalesPageDefinitions.parse(loadSalesPages()),
    entry: (page) => ({ title: text(page.slug), href: null }),
  },
  {
    name: "Landing pages",
    file: "content/demo/landing-pages.json",
    check: () => LandingPageDefinitions.parse(loadLandingPages()),
    entry: (page) => ({ title: text(page.title), href: `/lp/${text(page.slug)}` }),
  },
  {
    name: "Video-sales pages",
    file: "content/demo/vsl.json",
    check: () => VslDefinitions.parse(loadVsl()),
    entry: (page) => ({ title: text(page.title), href: `/vsl/${text(page.slug)}` }),
  },
  {
    name: "Coming-soon pages",
    file: "content/demo/coming-soon.json",
    check: () => ComingSoonFunnelDefinitions.parse(loadComingSoon()),
    entry: (page) => ({ title: text(page.funnel_title), href: `/coming-soon/${text(page.key)}` }),
  },
  {
    name: "Quotes",
    file: "content/demo/quotes.json",
    check: () => QuoteDefinitions.parse(loadQuotes()),
    entry: (quote) => ({ title: `“${text(quote.quote)}” ${text(quote.author)}`.trim(), href: null }),
  },
  {
    name: "Workbooks",
    file: "content/demo/workbooks.json",
    check: () => checkedWorkbooks(loadWorkbooks()),
    entry: (workbook) => ({ title: text(workbook.name), href: null }),
  },
];

/** What the first problem of a file is, in one line: the field's path and the message. */
function problemOf(error: unknown): string {
  const issues = (error as { issues?: { path: (string | number)[]; message: string }[] }).issues;
  if (issues?.[0])
    return `${issues[0].path.join(".") || "the file"}: ${issues[0].message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ""}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Quizzes, sales pages, quotes and workbooks stay data files for now (decision 070): each is read from disk
 * as it is now and checked the way start-up checks it, so an editor sees whether an edited file would load,
 * what is wrong where it would not, and a preview of what it holds.
 */
export function dataFilesReport(files: readonly DataFile[] = DATA_FILES): DataFilesResponse {
  return {
    data: files.map((file) => {
      try {
        const entries = file.check() as Record<string, unknown>[];
        return {
          name: file.name,
          file: file.file,
          loads: true,
          problem: null,
          count: entries.length,
          entries: entries.slice(0, 100).map(file.entry),
        };
      } catch (error) {
        return { name: file.name, file: file.file, loads: false, problem: problemOf(error), count: 0, entries: [] };
      }
    }),
  };
}
