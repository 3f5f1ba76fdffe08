/**
 * The welcome after a purchase (docs/decisions/049-welcome-after-every-purchase.md): what Premium
 * opens, counted from the catalogue, when a free trial ends and what is charged then, and the
 * one-time device flag that lets the page a member lands on welcome them once.
 */
import { CONTENT_TYPES, isListModel, type ContentModel } from "./content.ts";
import { longDate } from "./receipts.ts";

/** One content type and how many of its sessions only Premium plays. */
export interface PremiumTypeCount {
  type: string;
  locked: number;
}

export interface PremiumSummary {
  /** Sessions (items with their own stream, in courses and playlists too) that only Premium plays. */
  lockedSessions: number;
  /** Courses and playlists with at least one session only Premium plays. */
  lockedCollections: number;
  /** The locked sessions per content type, in the catalogue's order of types, none at zero. */
  types: PremiumTypeCount[];
}

/**
 * What Premium opens, from the catalogue's items: every session a free member cannot play, counted
 * by its type, and the courses and playlists that hold at least one of them. A course's own card has
 * no stream of its own and is counted once as a collection, never as a session.
 */
export function premiumSummary(
  items: readonly { id: number; model: ContentModel; type: string; free: boolean; parentId: number | null }[],
): PremiumSummary {
  const counts = new Map<string, number>();
  const lockedParents = new Set<number>();
  const lists = new Set<number>();
  for (const item of items) {
    if (isListModel(item.model)) {
      lists.add(item.id);
      if (!item.free) lockedParents.add(item.id);
      continue;
    }
    if (item.free) continue;
    counts.set(item.type, (counts.get(item.type) ?? 0) + 1);
    if (item.parentId !== null) lockedParents.add(item.parentId);
  }
  const order = (type: string) => {
    const index = (CONTENT_TYPES as readonly string[]).indexOf(type);
    return index === -1 ? CONTENT_TYPES.length : index;
  };
  const types = [...counts.entries()]
    .map(([type, locked]) => ({ type, locked }))
    .sort((a, b) => order(a.type) - order(b.type) || a.type.localeCompare(b.type));
  return {
    lockedSessions: types.reduce((sum, entry) => sum + entry.locked, 0),
    lockedCollections: [...lockedParents].filter((id) => lists.has(id)).length,
    types,
  };
}

/** How a content type is counted in a sentence: [one, many]. Unknown types keep their own name. */
const TYPE_NOUNS: Record<string, readonly [string, string]> = {
  Meditations: ["meditation", "meditations"],
  Sleepcasts: ["sleepcast", "sleepcasts"],
  "Cognitive Behavioral Therapy": ["CBT session", "CBT sessions"],
  "Relaxing Music": ["music track", "music tracks"],
  "Nature Soundscapes": ["nature soundscape", "nature soundscapes"],
  "Breathing Exercises": ["breathing exercise", "breathing exercises"],
  Affirmations: ["affirmation", "affirmations"],
  "Body Psychotherapy": ["body psychotherapy session", "body psychotherapy sessions"],
  Journal: ["journaling session", "journaling sessions"],
};

/** "1 sleepcast", "7 meditations", "4 CBT sessions". */
export function countOfType(type: string, count: number): string {
  const [one, many] = TYPE_NOUNS[type] ?? [type, type];
  return `${count} ${count === 1 ? one : many}`;
}

/** "a, b and c". */
export function listInWords(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/**
 * What is open now, in one line: "7 meditations, 3 sleepcasts and 4 CBT sessions". Null when
 * nothing is locked (a catalogue without Premium content has nothing to announce).
 */
export function premiumOpensLine(types: readonly PremiumTypeCount[]): string | null {
  const parts = types.filter((entry) => entry.locked > 0).map((entry) => countOfType(entry.type, entry.locked));
  return parts.length > 0 ? listInWords(parts) : null;
}

/**
 * For a free trial: the day it ends and what is charged then, dated as the trial e-mail dates it
 * (`longDate`, UTC). "Your free trial ends on 3 December 2026. Then $59.99 is charged for the next
 * year, unless you cancel before." Null for anything but a trial with its next charge known (a paid
 * plan, a cancelled trial, lifetime access), where there is nothing to warn about.
 */
export function trialEndsSentence(billing: {
  status: string | null;
  next_charge_at: string | null;
  next_charge_amount: string | null;
  billing_period: string | null;
}): string | null {
  if (billing.status !== "trialing" || !billing.next_charge_at || !billing.next_charge_amount) return null;
  const endsAt = new Date(billing.next_charge_at);
  if (Number.isNaN(endsAt.getTime())) return null;
  const period = billing.billing_period ? ` for the next ${billing.billing_period}` : "";
  return `Your free trial ends on ${longDate(endsAt)}. Then ${billing.next_charge_amount} is charged${period}, unless you cancel before.`;
}

/** How long after an in-app purchase its welcome may still show on the page the member lands on. */
export const WELCOME_FLAG_MAX_AGE_MS = 10 * 60 * 1000;

/** The device flag an in-app purchase leaves: when it was bought. Logging out empties it with the rest. */
export function welcomeFlagValue(now: Date): string {
  return JSON.stringify({ at: now.getTime() });
}

/**
 * Whether the page a member lands on welcomes them: a flag left by a purchase within the last ten
 * minutes. A flag from long ago, from the future or unreadable is not a welcome. The page removes
 * the flag either way, so a reload never shows the welcome again.
 */
export function shouldWelcome(raw: string | null, now: Date): boolean {
  if (!raw) return false;
  let flag: unknown;
  try {
    flag = JSON.parse(raw);
  } catch {
    return false;
  }
  if (typeof flag !== "object" || flag === null) return false;
  const { at } = flag as { at?: unknown };
  if (typeof at !== "number" || !Number.isFinite(at)) return false;
  const age = now.getTime() - at;
  return age >= -60_000 && age <= WELCOME_FLAG_MAX_AGE_MS;
}
