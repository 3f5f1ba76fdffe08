import { isFirstVisit } from "@serene/domain";
import { useEffect, useMemo, useState } from "react";
import { STORAGE_KEYS, storage } from "../../../lib/storage";

/**
 * Whether this /home is the member's first visit (domain rule isFirstVisit: the first home this
 * browser shows them, within a day of opening the account); null until the member is known. The
 * browser remembers the visit, so the next home says 'Welcome back'.
 */
export function useFirstVisit(member: { id: string; created_at: string } | undefined): boolean | null {
  const id = member?.id;
  const createdAt = member?.created_at;
  // The moment the page opened: the visit is judged as of then, however long it stays open.
  const [openedAt] = useState(() => Date.now());
  const first = useMemo(
    () =>
      id && createdAt
        ? isFirstVisit({
            accountCreatedAt: createdAt,
            now: openedAt,
            seenBefore: storage.get(`${STORAGE_KEYS.homeSeenPrefix}${id}`) !== null,
          })
        : null,
    [id, createdAt, openedAt],
  );
  useEffect(() => {
    if (id) storage.set(`${STORAGE_KEYS.homeSeenPrefix}${id}`, "1");
  }, [id]);
  return first;
}
