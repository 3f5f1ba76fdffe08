import type { Section } from "@serene/contracts";
import { DAILY_MEDITATION_SECTION, PERSONAL_PLAN_SECTION, WORKBOOKS_SECTION } from "@serene/domain";

/** The daily meditation comes first, then the other sections in the order the server gave. */
const inHomeOrder = (sections: Section[]) => [
  ...sections.filter((section) => section.section_type === DAILY_MEDITATION_SECTION),
  ...sections.filter((section) => section.section_type !== DAILY_MEDITATION_SECTION),
];

/**
 * Home always has its Workbooks section (spec 001 section 2): where the home data places one, else after the
 * personal plan (or after the daily meditation when there is no plan).
 */
export function withWorkbooks(sections: Section[]): (Section | "workbooks")[] {
  const ordered = inHomeOrder(sections);
  if (ordered.some((section) => section.section_type === WORKBOOKS_SECTION)) {
    return ordered.map((section) => (section.section_type === WORKBOOKS_SECTION ? "workbooks" : section));
  }
  const plan = ordered.findIndex((section) => section.section_type === PERSONAL_PLAN_SECTION);
  const daily = ordered.findIndex((section) => section.section_type === DAILY_MEDITATION_SECTION);
  const at = (plan >= 0 ? plan : daily) + 1;
  return [...ordered.slice(0, at), "workbooks", ...ordered.slice(at)];
}
