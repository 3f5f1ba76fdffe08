import type { FaqItem } from "@serene/contracts";
import { interpolate } from "@serene/domain";
import type { FaqRow } from "./faq.repository.ts";

/** One FAQ row as the web app reads it, with the product name and support address filled in. */
export function presentFaqItem(row: FaqRow, values: { product: string; email: string }): FaqItem {
  return { id: row.id, name: interpolate(row.question, values), answer: interpolate(row.answer, values) };
}
