/** What the member sees under a card's name: 'N min' or 'N sessions' (spec 001 section 9). */
export function contentLength(item: { duration: number | null; amount_lessons: number | null }): string | null {
  if (item.duration != null && item.duration > 0) return `${item.duration} min`;
  if (item.amount_lessons != null && item.amount_lessons > 0) return `${item.amount_lessons} sessions`;
  return null;
}

/** A content link: /{model}/{id} (spec 001 section 2). */
export const contentPath = (item: { model: string; id: number }) => `/${item.model}/${item.id}`;
