/** How recommendations are chosen (spec 001 sections 2 and 4: tag chips, library). */

export interface Recommendable {
  id: number;
  tags: readonly string[];
  goal?: string | null;
}

/** The most cards a recommendation call answers with; the player shows 5 at a time and scrolls. */
export const RECOMMENDATION_LIMIT = 20;

/**
 * Items for a set of tags, best first. Inclusive: items with any of the tags, more shared tags
 * first. Not inclusive: only items with every tag. The item itself is never recommended.
 */
export function recommendByTags<T extends Recommendable>(
  candidates: readonly T[],
  wanted: readonly string[],
  options: { inclusive: boolean; excludeId?: number; limit?: number },
): T[] {
  const wantedSet = new Set(wanted);
  const scored = candidates
    .filter((item) => item.id !== options.excludeId)
    .map((item) => ({ item, shared: item.tags.filter((tag) => wantedSet.has(tag)).length }))
    .filter(({ shared }) => (options.inclusive ? shared > 0 : wantedSet.size > 0 && shared === wantedSet.size));
  scored.sort((a, b) => b.shared - a.shared || a.item.id - b.item.id);
  return scored.slice(0, options.limit ?? RECOMMENDATION_LIMIT).map(({ item }) => item);
}

/**
 * Items for a member's library: those serving their quiz goal and sharing tags with what they
 * favourited or played, not yet played; topped up with the rest of the catalogue in order.
 */
export function recommendForMember<T extends Recommendable>(
  candidates: readonly T[],
  member: { goal: string | null; likedTags: readonly string[]; playedIds: ReadonlySet<number> },
  limit = 12,
): T[] {
  const liked = new Map<string, number>();
  for (const tag of member.likedTags) liked.set(tag, (liked.get(tag) ?? 0) + 1);
  const fresh = candidates.filter((item) => !member.playedIds.has(item.id));
  const score = (item: T) =>
    (member.goal && item.goal === member.goal ? 3 : 0) + item.tags.reduce((sum, tag) => sum + (liked.get(tag) ?? 0), 0);
  return fresh
    .map((item) => ({ item, score: score(item) }))
    .sort((a, b) => b.score - a.score || a.item.id - b.item.id)
    .slice(0, limit)
    .map(({ item }) => item);
}

/**
 * Items carrying any of the tags (lists and search filter this way), those carrying more of the
 * chosen tags first, so every chosen tag counts; otherwise the order given is kept (the catalogue's,
 * or the search's ranking). All items when no tag is given.
 */
export function withAnyTag<T extends Pick<Recommendable, "tags">>(items: readonly T[], tags: readonly string[]): T[] {
  if (tags.length === 0) return [...items];
  const wanted = new Set(tags);
  return items
    .map((item, index) => ({ item, index, shared: item.tags.filter((tag) => wanted.has(tag)).length }))
    .filter(({ shared }) => shared > 0)
    .sort((a, b) => b.shared - a.shared || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * The tags worth offering as chips: those carried by at least one of the items (a chip that
 * can only answer "No data found" is left out), in the order given.
 */
export function tagsInUse<T extends { slug: string }>(tags: readonly T[], items: readonly Pick<Recommendable, "tags">[]): T[] {
  const used = new Set(items.flatMap((item) => item.tags));
  return tags.filter((tag) => used.has(tag.slug));
}
