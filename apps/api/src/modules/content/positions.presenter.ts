import type { ListeningPosition } from "@serene/contracts";
import { isFinished, resumeAt, toUtcSecond } from "@serene/domain";
import type { PositionRow } from "./positions.repository.ts";

/** The member's place in an item, with where the player resumes and whether the item counts as finished. */
export const presentPosition = (row: PositionRow): ListeningPosition => ({
  id: row.itemId,
  position: row.position,
  duration: row.duration,
  resume_at: resumeAt(row.position, row.duration),
  finished: isFinished(row.position, row.duration),
  updated_at: toUtcSecond(row.updatedAt),
});
