import type { ActivityResponse, FavoriteResponse, SessionReportResponse } from "@serene/contracts";
import { toUtcSecond } from "@serene/domain";
import type { ItemRecord } from "./catalogue-snapshot.ts";
import type { ListeningSessionRow } from "./library.repository.ts";

/** The answers of the library's writes: which item, and what is now true of it. */
export const presentFavorite = (item: ItemRecord, favorite: boolean): FavoriteResponse => ({
  data: { id: item.id, model: item.model, favorite },
});

export const presentActivity = (item: ItemRecord, at: Date): ActivityResponse => ({
  data: { id: item.id, model: item.model, at: toUtcSecond(at) },
});

export const presentSessionReport = (row: ListeningSessionRow): SessionReportResponse => ({
  data: { id: row.id, start_session: toUtcSecond(row.startedAt), end_session: toUtcSecond(row.endedAt), seconds: row.seconds },
});
