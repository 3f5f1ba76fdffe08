import { readFileSync } from "node:fs";

export interface FaqEntry {
  slug: string;
  name: string;
  answer: string;
}

function readJson<T>(relative: string): T {
  return JSON.parse(readFileSync(new URL(relative, import.meta.url), "utf8")) as T;
}

/** The questions and answers of /faq, in display order. */
export function loadFaq(): FaqEntry[] {
  return readJson<FaqEntry[]>("./demo/faq.json");
}
