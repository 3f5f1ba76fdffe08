/**
 * The sales page's words as people read them (spec 000 section 2): the hero greets by first name,
 * or with 'This' when nobody is known; counts are written with thousands separators. Shared by the
 * page and by the server that paints its top before any script.
 */
import { currencySymbol } from "./pricing.ts";

/** The hero's `{name}`: the member's or lead's first name, or 'This' for a visitor. */
export function heroTitle(title: string, name: string | null | undefined): string {
  const first = name?.trim().split(/\s+/)[0] ?? "";
  return title.replaceAll("{name}", first === "" ? "This" : first);
}

/** 1249 → "1,249". */
export const formatCount = (count: number) => new Intl.NumberFormat("en-US").format(count);

/**
 * A saving as people say it roughly, in whole units and never more than it is: rounded down, to the
 * ten from a hundred up, otherwise to the unit. 170000 cents → 1700, 156496 → 1560.
 */
export function roughSavingUnits(cents: number): number {
  const units = Math.floor(cents / 100);
  const step = units >= 100 ? 10 : 1;
  return Math.floor(units / step) * step;
}

/**
 * The saving the price reveal names beside the stated value (spec 000 section 9: $14.95 against a
 * stated value of $1714.95, "(about $1700 off)"): the stated value less the price, said roughly and
 * rounded down, so "about" never claims more than the page's own figures. Null when there is no
 * saving of at least one whole unit to name.
 */
export function aboutOffText(currency: string, valueCents: number, priceCents: number): string | null {
  const saving = roughSavingUnits(valueCents - priceCents);
  if (saving < 1) return null;
  return `(about ${currencySymbol(currency)}${saving} off)`;
}
