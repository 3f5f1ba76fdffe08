import type { ContentModel } from "@serene/domain";

/**
 * Query keys of the catalogue that more than one feature touches: the browse pages read content
 * lists and the member's library, the player reads items and, after a favourite or a session,
 * invalidates what the browse pages show. Both ask these factories, so one key means one thing.
 */
export const contentKeys = {
  all: ["content"] as const,
  model: (model: ContentModel) => [...contentKeys.all, model] as const,
  /** GET /{model}?tags=a,b */
  list: (model: ContentModel, tags: string[]) => [...contentKeys.model(model), { tags }] as const,
  /** GET /{model}/{id} */
  item: (model: ContentModel, id: string) => [...contentKeys.model(model), id] as const,
  /** GET /{model}/{id}/recommendations, for every tag of the item together ("all") or one tag. */
  recommendations: (model: ContentModel, id: number, choice: string) =>
    [...contentKeys.model(model), id, "recommendations", choice] as const,
};

/** The member's library lists: GET /recently-played, /recommendation, /favorite. */
export type LibraryList = "recently-played" | "recommendation" | "favorite";

export const libraryKeys = {
  all: ["library"] as const,
  list: (list: LibraryList) => [...libraryKeys.all, list] as const,
};

/** The member's places in items (decision 043): GET /user/positions/{id} and home's GET /user/continue. */
export const placeKeys = {
  all: ["places"] as const,
  item: (id: number) => [...placeKeys.all, id] as const,
  continueList: () => [...placeKeys.all, "continue"] as const,
};
