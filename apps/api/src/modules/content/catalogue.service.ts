import type {
  CollectionResponse,
  FirstWeekResponse,
  ContentCardList,
  ContentCardPage,
  ContentItemResponse,
  ContentListQuery,
  PlanResponse,
  PremiumSummaryResponse,
  RecommendationQuery,
  ScreenQuery,
  ScreenResponse,
  SearchQuery,
  TagListQuery,
  TagListResponse,
} from "@serene/contracts";
import {
  DAILY_MEDITATION_SECTION,
  DAY_MS,
  FIRST_WEEK_DAYS,
  goalFirst,
  pageMeta,
  pageOffset,
  PERSONAL_PLAN_SECTION,
  planDay,
  planForGoal,
  premiumSummary,
  recommendByTags,
  searchWords,
  tagsInUse,
  withAnyTag,
  type ContentModel,
  type ScreenName,
} from "@serene/domain";
import { notFound } from "../../domain-errors.ts";
import type { SignIn } from "../accounts/access-tokens.ts";
import type { SubscriptionsService } from "../subscriptions/subscriptions.service.ts";
import type { CatalogueCache, CatalogueSnapshot, ItemRecord } from "./catalogue-snapshot.ts";
import type { CatalogueRepository } from "./catalogue.repository.ts";
import type { ContentPresenter, Viewer } from "./content.presenter.ts";
import type { LibraryRepository } from "./library.repository.ts";

function pick(snapshot: CatalogueSnapshot, ids: readonly number[]): ItemRecord[] {
  return ids.map((id) => snapshot.items.get(id)).filter((item): item is ItemRecord => Boolean(item));
}

function page<T>(items: readonly T[], query: { page: number; per_page: number }) {
  const request = { page: query.page, perPage: query.per_page };
  const offset = pageOffset(request);
  return { rows: items.slice(offset, offset + request.perPage), meta: pageMeta(items.length, request) };
}

/** The catalogue as members browse it: screens, lists, details, recommendations, search, collections, the plan. */
export function createCatalogueService(deps: {
  cache: CatalogueCache;
  repository: CatalogueRepository;
  library: LibraryRepository;
  presenter: ContentPresenter;
  subscriptions: Pick<SubscriptionsService, "mayPlayLocked">;
  now?: () => Date;
}) {
  const { cache, repository, library, presenter, subscriptions } = deps;
  const now = deps.now ?? (() => new Date());

  /** What a presentation needs about the member, from what their session already holds. */
  function viewerOf(member: SignIn): Viewer {
    return { favorites: new Set(member.favorites), subscriber: subscriptions.mayPlayLocked(member) };
  }

  const cards = (items: readonly ItemRecord[], viewer: Viewer) => items.map((item) => presenter.card(item, viewer));

  function currentPlanDay(snapshot: CatalogueSnapshot, user: SignIn["user"]) {
    return planDay(user.createdAt, now(), snapshot.planDays);
  }

  /** The personal plan as the member sees it: each day opens with a session for their quiz goal. */
  function planOf(snapshot: CatalogueSnapshot, user: SignIn["user"]) {
    return planForGoal(snapshot.plan, snapshot.listed, user.goal);
  }

  /** The daily slider turns one step each day, so the first card changes daily. */
  function rotateDaily<T>(items: readonly T[]): T[] {
    if (items.length === 0) return [];
    const shift = Math.floor(now().getTime() / DAY_MS) % items.length;
    return [...items.slice(shift), ...items.slice(0, shift)];
  }

  return {
    viewerOf,

    async screen(name: ScreenName, query: ScreenQuery, member: SignIn): Promise<ScreenResponse> {
      const [snapshot, viewer] = [await cache.get(), viewerOf(member)];
      const { rows, meta } = page(snapshot.screens.get(name) ?? [], query);
      const day = currentPlanDay(snapshot, member.user);
      return {
        data: rows.map((section) => {
          const isPlan = section.sectionType === PERSONAL_PLAN_SECTION;
          const ids = isPlan
            ? (planOf(snapshot, member.user).get(day) ?? [])
            : section.sectionType === DAILY_MEDITATION_SECTION
              ? goalFirst(pick(snapshot, rotateDaily(section.items)), member.user.goal).map((item) => item.id)
              : section.items;
          return {
            id: section.id,
            name: section.name,
            section_type: section.sectionType,
            content: cards(pick(snapshot, ids), viewer),
            day: isPlan ? day : null,
            collection_id: section.collectionId,
          };
        }),
        meta,
      };
    },

    async list(model: ContentModel, query: ContentListQuery, member: SignIn): Promise<ContentCardPage> {
      const [snapshot, viewer] = [await cache.get(), viewerOf(member)];
      const filtered = withAnyTag(
        snapshot.listed.filter((item) => item.model === model).map((item) => ({ item, tags: item.tagSlugs })),
        query.tags ?? [],
      ).map((entry) => entry.item);
      const { rows, meta } = page(filtered, query);
      return { data: cards(rows, viewer), meta };
    },

    async detail(model: ContentModel, id: number, member: SignIn): Promise<ContentItemResponse> {
      const [{ snapshot, item }, viewer] = [await cache.item(id), viewerOf(member)];
      if (!item || item.model !== model) throw notFound();
      const progress = await library.progress(member.user.id, [item.id, ...item.children]);
      return { data: presenter.detail(item, snapshot, viewer, progress) };
    },

    async recommendations(model: ContentModel, id: number, query: RecommendationQuery, member: SignIn): Promise<ContentCardList> {
      const [{ snapshot, item }, viewer] = [await cache.item(id), viewerOf(member)];
      if (!item || item.model !== model) throw notFound();
      const wanted = query.tags && query.tags.length > 0 ? query.tags : item.tagSlugs;
      const inclusive = query.is_tags_inclusive ?? true;
      const candidates = snapshot.listed.map((entry) => ({ id: entry.id, tags: entry.tagSlugs, entry }));
      const chosen = recommendByTags(candidates, wanted, { inclusive, excludeId: item.id }).map((found) => found.entry);
      return { data: cards(chosen, viewer) };
    },

    /** Only tags some listed item carries (of the model, when given): a chip never leads to nothing. */
    async tags(query: TagListQuery = {}): Promise<TagListResponse> {
      const snapshot = await cache.get();
      const items = query.model ? snapshot.listed.filter((item) => item.model === query.model) : snapshot.listed;
      const offered = tagsInUse(
        snapshot.tags,
        items.map((item) => ({ tags: item.tagSlugs })),
      );
      return { data: offered.map((tag) => ({ id: tag.id, name: tag.name, slug: tag.slug })) };
    },

    async search(query: SearchQuery, member: SignIn): Promise<ContentCardPage> {
      const terms = searchWords(query.s);
      const tags = query.tags ?? [];
      const [snapshot, viewer] = [await cache.get(), viewerOf(member)];
      if (terms.length === 0 && tags.length === 0) return { data: [], meta: pageMeta(0, { page: query.page, perPage: query.per_page }) };
      if (tags.length === 0) {
        const request = { page: query.page, perPage: query.per_page };
        const { ids, total } = await repository.search(terms, request.perPage, pageOffset(request));
        return { data: cards(pick(snapshot, ids), viewer), meta: pageMeta(total, request) };
      }
      const found = terms.length > 0 ? pick(snapshot, await repository.searchAll(terms)) : snapshot.listed;
      const filtered = withAnyTag(
        found.map((item) => ({ item, tags: item.tagSlugs })),
        tags,
      ).map((entry) => entry.item);
      const { rows, meta } = page(filtered, query);
      return { data: cards(rows, viewer), meta };
    },

    async collection(id: number, member: SignIn): Promise<CollectionResponse> {
      const [snapshot, viewer] = [await cache.get(), viewerOf(member)];
      const collection = snapshot.collections.get(id);
      if (!collection) throw notFound();
      return {
        data: {
          id: collection.id,
          name: collection.name,
          description: collection.description,
          content: cards(pick(snapshot, collection.items), viewer),
        },
      };
    },

    /**
     * GET /quiz/first-week: the recommended first week for a goal, for anyone (a quiz result before
     * signing up): days 1 to 7 of the personal plan exactly as a member with that goal will get it
     * (`planForGoal`), as cards a visitor sees (no favourites, locked items locked).
     */
    async firstWeek(goal: string | null): Promise<FirstWeekResponse> {
      const snapshot = await cache.get();
      const visitor: Viewer = { favorites: new Set(), subscriber: false };
      const plan = planForGoal(snapshot.plan, snapshot.listed, goal);
      const week = [...plan].filter(([day]) => day <= FIRST_WEEK_DAYS);
      return { data: { goal, days: week.map(([day, items]) => ({ day, content: cards(pick(snapshot, items), visitor) })) } };
    },

    async plan(day: number | undefined, member: SignIn): Promise<PlanResponse> {
      const [snapshot, viewer] = [await cache.get(), viewerOf(member)];
      const current = currentPlanDay(snapshot, member.user);
      const plan = planOf(snapshot, member.user);
      const days = [...plan.keys()].sort((a, b) => a - b).filter((d) => day === undefined || d === day);
      if (day !== undefined && days.length === 0) throw notFound("There is no such day in the plan.");
      return {
        data: {
          current_day: current,
          total_days: snapshot.planDays,
          days: days.map((d) => ({ day: d, content: cards(pick(snapshot, plan.get(d) ?? []), viewer) })),
        },
      };
    },

    /**
     * What Premium opens (decision 049): the catalogue's locked sessions by type and the courses and
     * playlists that hold them, counted from the snapshot in memory, the same for every member.
     */
    async premiumSummary(): Promise<PremiumSummaryResponse> {
      const summary = premiumSummary([...(await cache.get()).items.values()]);
      return {
        data: { locked_sessions: summary.lockedSessions, locked_collections: summary.lockedCollections, types: summary.types },
      };
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
