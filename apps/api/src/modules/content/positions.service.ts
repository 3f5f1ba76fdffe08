import type { ContinueList, PositionBody, PositionResponse } from "@serene/contracts";
import { CONTINUE_LIMIT, keepsPosition, POSITION_MESSAGES, positionProblems, resumeAt } from "@serene/domain";
import { invalid, notFound } from "../../domain-errors.ts";
import type { SignIn } from "../accounts/access-tokens.ts";
import type { CatalogueCache, ItemRecord } from "./catalogue-snapshot.ts";
import type { CatalogueService } from "./catalogue.service.ts";
import type { ContentPresenter } from "./content.presenter.ts";
import { presentPosition as present } from "./positions.presenter.ts";
import type { PositionsRepository } from "./positions.repository.ts";

/**
 * The member's place in each item (decision 043): saved by the player, read back to continue, and listed as
 * home's 'Continue'. Only items that play once keep a place: a course's or playlist's own card does not (its
 * sessions do), nor music and soundscapes, which loop.
 */
export function createPositionsService(deps: {
  cache: CatalogueCache;
  positions: PositionsRepository;
  catalogue: CatalogueService;
  presenter: ContentPresenter;
  now?: () => Date;
}) {
  const { cache, positions, catalogue, presenter } = deps;
  const now = deps.now ?? (() => new Date());

  /** An item that can keep a place; any other id is not found. */
  async function playableItem(id: number): Promise<ItemRecord> {
    const { item } = await cache.item(id);
    if (!item || item.children.length > 0) throw notFound();
    return item;
  }

  return {
    async save(userId: string, id: number, body: PositionBody): Promise<PositionResponse> {
      const item = await playableItem(id);
      if (!keepsPosition(item.model)) throw invalid({ id: [POSITION_MESSAGES.looping] });
      const problems = positionProblems(body.position, body.duration);
      if (Object.keys(problems).length > 0) throw invalid(problems);
      return { data: present(await positions.save(userId, item.id, body.position, body.duration, now())) };
    },

    async find(userId: string, id: number): Promise<PositionResponse> {
      const item = await playableItem(id);
      const row = await positions.find(userId, item.id);
      return { data: row ? present(row) : null };
    },

    /** Forgets the place: the member chose to start again. */
    async remove(userId: string, id: number): Promise<void> {
      const item = await playableItem(id);
      await positions.remove(userId, item.id);
    },

    /** Unfinished items, the latest first; a course's sessions as the course's card, once. */
    async continueList(member: SignIn): Promise<ContinueList> {
      const [snapshot, viewer] = [await cache.get(), catalogue.viewerOf(member)];
      const rows = await positions.latest(member.user.id, CONTINUE_LIMIT * 4);
      const shown = new Set<number>();
      const data: ContinueList["data"] = [];
      for (const row of rows) {
        const resume = resumeAt(row.position, row.duration);
        const item = snapshot.items.get(row.itemId);
        if (resume === null || !item || !keepsPosition(item.model)) continue;
        const parent = item.parentId !== null ? snapshot.items.get(item.parentId) : undefined;
        const card = parent ?? item;
        if (shown.has(card.id)) continue;
        shown.add(card.id);
        data.push({
          item: presenter.card(card, viewer),
          session_id: parent ? item.id : null,
          position: row.position,
          duration: row.duration,
          resume_at: resume,
        });
        if (data.length === CONTINUE_LIMIT) break;
      }
      return { data };
    },
  };
}
export type PositionsService = ReturnType<typeof createPositionsService>;
