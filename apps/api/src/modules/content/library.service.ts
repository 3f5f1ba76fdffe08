import type {
  ActivityResponse,
  ContentCardList,
  ContentRef,
  FavoriteResponse,
  SessionReportBody,
  SessionReportResponse,
  SessionStatisticsResponse,
} from "@serene/contracts";
import { listeningStatistics, recommendForMember, sessionReportProblems } from "@serene/domain";
import { invalid, notFound } from "../../domain-errors";
import type { SignIn } from "../accounts/access-tokens";
import type { CatalogueCache, ItemRecord } from "./catalogue-snapshot";
import type { ContentPresenter } from "./content.presenter";
import type { CatalogueService } from "./catalogue.service";
import { presentActivity, presentFavorite, presentSessionReport } from "./library.presenter";
import type { LibraryRepository } from "./library.repository";

/** How many cards each library slider holds. */
const LIBRARY_LIMIT = 20;

/** A member's own library: favourites, what they played and viewed, their listening sessions. */
export function createLibraryService(deps: {
  cache: CatalogueCache;
  library: LibraryRepository;
  catalogue: CatalogueService;
  presenter: ContentPresenter;
  now?: () => Date;
}) {
  const { cache, library, catalogue, presenter } = deps;
  const now = deps.now ?? (() => new Date());

  /** The item a member refers to; an unknown id, or one of another model, is a 404. */
  async function itemOf(ref: ContentRef): Promise<ItemRecord> {
    const { item } = await cache.item(ref.id);
    if (!item || item.model !== ref.model) throw notFound();
    return item;
  }

  async function cardsOf(member: SignIn, ids: number[]): Promise<ContentCardList> {
    const [snapshot, viewer] = [await cache.get(), catalogue.viewerOf(member)];
    const items = ids.map((id) => snapshot.items.get(id)).filter((item): item is ItemRecord => Boolean(item));
    return { data: items.map((item) => presenter.card(item, viewer)) };
  }

  return {
    async addFavorite(userId: string, ref: ContentRef): Promise<FavoriteResponse> {
      const item = await itemOf(ref);
      await library.addFavorite(userId, item.id);
      return presentFavorite(item, true);
    },
    async removeFavorite(userId: string, ref: ContentRef): Promise<FavoriteResponse> {
      const item = await itemOf(ref);
      await library.removeFavorite(userId, item.id);
      return presentFavorite(item, false);
    },
    async recordPlay(userId: string, ref: ContentRef): Promise<ActivityResponse> {
      const item = await itemOf(ref);
      const at = now();
      await library.recordPlay(userId, item.id, at);
      return presentActivity(item, at);
    },
    async recordView(userId: string, ref: ContentRef): Promise<ActivityResponse> {
      const item = await itemOf(ref);
      const at = now();
      await library.recordView(userId, item.id, at);
      return presentActivity(item, at);
    },

    async reportSession(userId: string, body: SessionReportBody): Promise<SessionReportResponse> {
      if ((body.id === undefined) !== (body.model === undefined)) {
        const field = body.id === undefined ? "id" : "model";
        const errors = { [field]: [`The ${field} field is required when ${field === "id" ? "model" : "id"} is present.`] };
        throw invalid(errors);
      }
      const item = body.id !== undefined && body.model !== undefined ? await itemOf({ id: body.id, model: body.model }) : null;
      const start = new Date(body.start_session);
      const end = new Date(body.end_session);
      const problems = sessionReportProblems(start, end, now());
      if (Object.keys(problems).length > 0) throw invalid(problems);
      const seconds = Math.round((end.getTime() - start.getTime()) / 1000);
      return presentSessionReport(
        await library.insertSession({ userId, itemId: item?.id ?? null, startedAt: start, endedAt: end, seconds }),
      );
    },
    async statistics(userId: string): Promise<SessionStatisticsResponse> {
      return { data: listeningStatistics(await library.sessions(userId), now()) };
    },

    recentlyPlayed: async (member: SignIn) => cardsOf(member, await library.recentlyPlayedIds(member.user.id, LIBRARY_LIMIT)),
    favorites: async (member: SignIn) => cardsOf(member, await library.favoriteIds(member.user.id, LIBRARY_LIMIT)),

    async recommended(member: SignIn): Promise<ContentCardList> {
      const user = member.user;
      const [snapshot, played, favorites] = await Promise.all([
        cache.get(),
        library.recentlyPlayedIds(user.id, 50),
        library.favoriteIds(user.id, 50),
      ]);
      const likedTags = [...played, ...favorites].flatMap((id) => snapshot.items.get(id)?.tagSlugs ?? []);
      const candidates = snapshot.listed.map((item) => ({ id: item.id, tags: item.tagSlugs, goal: item.goal }));
      const chosen = recommendForMember(candidates, { goal: user.goal, likedTags, playedIds: new Set(played) }, LIBRARY_LIMIT);
      return cardsOf(
        member,
        chosen.map((item) => item.id),
      );
    },
  };
}
export type LibraryService = ReturnType<typeof createLibraryService>;
