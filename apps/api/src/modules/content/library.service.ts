import type {
  ActivityResponse,
  ContentCardList,
  ContentRef,
  EarnedAchievement,
  FavoriteResponse,
  SessionReportBody,
  SessionReportResponse,
  SessionStatisticsResponse,
  ShareResponse,
} from "@serene/contracts";
import {
  believeListening,
  canonicalTimeZone,
  DEFAULT_TIME_ZONE,
  LISTENING_CLOCK_SKEW_SECONDS,
  localDay,
  recommendForMember,
  summarizeDays,
  summaryStatistics,
  TIME_ZONE_MESSAGE,
  toUtcSecond,
  type ListeningContext,
  type ListeningInterval,
} from "@serene/domain";
import { invalid, invalidField, notFound } from "../../domain-errors.ts";
import type { SignIn } from "../accounts/access-tokens.ts";
import type { SubscriptionsService } from "../subscriptions/subscriptions.service.ts";
import type { CatalogueCache, ItemRecord } from "./catalogue-snapshot.ts";
import type { ContentPresenter } from "./content.presenter.ts";
import type { CatalogueService } from "./catalogue.service.ts";
import { presentActivity, presentFavorite, presentSessionReport } from "./library.presenter.ts";
import { isUnknownZone, type LibraryRepository } from "./library.repository.ts";

/** How many cards each library slider holds. */
const LIBRARY_LIMIT = 20;

/** What the library asks of the achievements module: the badges a member's latest write earned. */
export interface Awards {
  award(userId: string, at?: Date, hint?: { listened?: { itemId: number | null; seconds: number } }): Promise<EarnedAchievement[]>;
}

/** The member as the library needs them: who, since when (listening before that is not believed), and the time zone their browser last sent. */
export interface Listener {
  id: string;
  createdAt: Date;
  timeZone: string | null;
}

/** A member's own library: favourites, what they played and viewed, their listening sessions. */
export function createLibraryService(deps: {
  cache: CatalogueCache;
  library: LibraryRepository;
  catalogue: CatalogueService;
  presenter: ContentPresenter;
  /** Badges for favourites, sessions and shares; none when not given. */
  awards?: Awards;
  /** Who may play locked items, asked when a session of one is reported. */
  subscriptions: Pick<SubscriptionsService, "mayPlayLockedBetween">;
  now?: () => Date;
}) {
  const { cache, library, catalogue, presenter, subscriptions } = deps;
  const now = deps.now ?? (() => new Date());
  const earned = (userId: string, listened?: { itemId: number | null; seconds: number }) =>
    deps.awards ? deps.awards.award(userId, now(), listened ? { listened } : undefined) : Promise.resolve([]);

  /**
   * The zone days are counted in: the `tz` sent (422 when it is not a time zone), else the member's last, else
   * UTC.
   */
  async function zoneOf(member: Listener, tz: string | undefined): Promise<string> {
    if (tz === undefined) return member.timeZone ?? DEFAULT_TIME_ZONE;
    const zone = canonicalTimeZone(tz);
    if (!zone || (zone !== member.timeZone && !(await library.knowsZone(zone)))) throw invalidField("tz", TIME_ZONE_MESSAGE);
    return zone;
  }
  /** A zone that worked is remembered for the member, so calls without `tz` count days the same way. */
  const remember = async (member: Listener, zone: string) => {
    if (zone !== (member.timeZone ?? DEFAULT_TIME_ZONE)) await library.setTimeZone(member.id, zone);
  };
  const zoneKnown = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } catch (error) {
      if (isUnknownZone(error)) throw invalidField("tz", TIME_ZONE_MESSAGE);
      throw error;
    }
  };

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
      return { ...presentFavorite(item, true), earned: await earned(userId) };
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

    async recordShare(userId: string, ref: ContentRef): Promise<ShareResponse> {
      const item = await itemOf(ref);
      const at = now();
      await library.recordShare(userId, item.id, at);
      return { data: { id: item.id, model: item.model, at: toUtcSecond(at) }, earned: await earned(userId) };
    },

    async reportSession(member: Listener, body: SessionReportBody, tz?: string): Promise<SessionReportResponse> {
      const userId = member.id;
      if ((body.id === undefined) !== (body.model === undefined)) {
        const field = body.id === undefined ? "id" : "model";
        const errors = { [field]: [`The ${field} field is required when ${field === "id" ? "model" : "id"} is present.`] };
        throw invalid(errors);
      }
      const item = body.id !== undefined && body.model !== undefined ? await itemOf({ id: body.id, model: body.model }) : null;
      const session: ListeningInterval = { start: new Date(body.start_session), end: new Date(body.end_session) };
      // Believed only where it could be true (decision 054): checked before anything is written, and again under
      // the member's lock with the sessions it could overlap. Not believed: a 422 naming the field, nothing kept.
      const skew = LISTENING_CLOCK_SKEW_SECONDS * 1000;
      const context: ListeningContext = {
        now: now(),
        accountCreatedAt: member.createdAt,
        item,
        mayPlayLocked:
          item !== null &&
          !item.free &&
          (await subscriptions.mayPlayLockedBetween(
            userId,
            new Date(session.start.getTime() - skew),
            new Date(session.start.getTime() + skew),
          )),
        others: [],
      };
      const believe = (others: ListeningInterval[]) => {
        const belief = believeListening(session, { ...context, others });
        if (!belief.believed) throw invalid(belief.errors);
      };
      believe([]);
      const seconds = Math.round((session.end.getTime() - session.start.getTime()) / 1000);
      const zone = await zoneOf(member, tz);
      const row = await zoneKnown(
        library.reportSession({ userId, itemId: item?.id ?? null, startedAt: session.start, endedAt: session.end, seconds }, zone, believe),
      );
      await remember(member, zone);
      return { ...presentSessionReport(row), earned: await earned(userId, { itemId: row.itemId, seconds: row.seconds }) };
    },
    /**
     * GET /user/sessions: statistics and pictures with days in the member's zone (decision 034), read from the
     * zone's day roll-up; the roll-up of a zone asked for the first time is built once from every session.
     */
    async statistics(member: Listener, tz?: string): Promise<SessionStatisticsResponse> {
      const zone = await zoneOf(member, tz);
      const at = now();
      const today = localDay(at, zone);
      let found = await zoneKnown(library.summary(member.id, zone, today));
      if (!found && (await library.hasSessions(member.id))) {
        await zoneKnown(library.buildDays(member.id, zone));
        found = await library.summary(member.id, zone, today);
      }
      await remember(member, zone);
      return { data: summaryStatistics(found?.summary ?? summarizeDays([]), found?.recent ?? [], zone, at) };
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
