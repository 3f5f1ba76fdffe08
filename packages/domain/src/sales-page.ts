/**
 * The sales page's words as people read them (spec 000 section 2): the hero greets by first name,
 * or with 'This' when nobody is known; counts are written with thousands separators. Shared by the
 * page and by the server that paints its top before any script.
 */

/** The hero's `{name}`: the member's or lead's first name, or 'This' for a visitor. */
export function heroTitle(title: string, name: string | null | undefined): string {
  const first = name?.trim().split(/\s+/)[0] ?? "";
  return title.replaceAll("{name}", first === "" ? "This" : first);
}

/** 1249 → "1,249". */
export const formatCount = (count: number) => new Intl.NumberFormat("en-US").format(count);
