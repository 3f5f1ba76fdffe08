import { and, eq, isNull, sql } from "drizzle-orm";
import { DAY_MS } from "@serene/domain";
import { contentItems, favorites, listeningSessions, notes, users, type Database } from "@serene/db";
import { createAchievementsRepository } from "../modules/achievements/achievements.repository.ts";
import { createAchievementsService } from "../modules/achievements/achievements.service.ts";
import { createCatalogueCache } from "../modules/content/catalogue-snapshot.ts";
import { createCatalogueRepository } from "../modules/content/catalogue.repository.ts";

/** The demo member whose profile shows a lived-in practice (README: demo accounts). */
const PRACTISING_MEMBER = "premium@serene.example";
/** How far back the demo practice reaches, in days. */
const HISTORY_DAYS = 120;

const DEMO_NOTES = [
  {
    title: "Evening wind-down",
    content: "Ten minutes of the body scan before bed helped. Shoulders were the last thing to let go.\n\nTry again tomorrow, same time.",
  },
  {
    title: "What helped this week",
    content: "Box breathing on the way to work. Writing the worry down before the meeting instead of carrying it in.",
  },
];

/**
 * A practice history for the premium demo member, made once (when they have no sessions yet): single
 * items (one to three a day) listened to their end on about two days in three over the last four months, the last five days in a
 * row, two favourites and two notes. Badges are then awarded by the product's own rules, as a write would.
 * Returns the number of sessions made.
 */
export async function seedDemoPractice(db: Database, now: Date = new Date()): Promise<number> {
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, PRACTISING_MEMBER));
  if (!member) return 0;
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(listeningSessions)
    .where(eq(listeningSessions.userId, member.id));
  if (count > 0) return 0;
  const items = await db
    .select({ id: contentItems.id, seconds: contentItems.durationSeconds })
    .from(contentItems)
    .where(and(eq(contentItems.model, "meditation-sleep"), isNull(contentItems.parentId)))
    .orderBy(contentItems.id);
  const playable = items.filter((item): item is { id: number; seconds: number } => (item.seconds ?? 0) > 0);
  if (playable.length === 0) return 0;

  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const sessions = [];
  for (let daysAgo = HISTORY_DAYS; daysAgo >= 1; daysAgo--) {
    // A steady but human rhythm: the last five days in a row, before that about two days in three.
    if (daysAgo > 5 && (daysAgo * 7) % 10 >= 7) continue;
    // One to three items that day, one after another from a morning start.
    let startedAt = new Date(today - daysAgo * DAY_MS + (7 * 60 + ((daysAgo * 37) % 120)) * 60_000);
    for (let index = 0; index < 1 + ((daysAgo * 5) % 3); index++) {
      const item = playable[(daysAgo + index) % playable.length]!;
      const endedAt = new Date(startedAt.getTime() + item.seconds * 1000);
      sessions.push({ userId: member.id, itemId: item.id, startedAt, endedAt, seconds: item.seconds });
      startedAt = new Date(endedAt.getTime() + 60_000);
    }
  }
  await db.insert(listeningSessions).values(sessions);
  await db
    .insert(favorites)
    .values(playable.slice(0, 2).map((item) => ({ userId: member.id, itemId: item.id })))
    .onConflictDoNothing();
  await db
    .insert(notes)
    .values(DEMO_NOTES.map((note, index) => ({ userId: member.id, ...note, createdAt: new Date(today - (index * 9 + 2) * DAY_MS) })));
  const cache = createCatalogueCache(createCatalogueRepository(db));
  const achievements = createAchievementsService({
    repository: createAchievementsRepository(db),
    items: async () => (await cache.get()).items.values(),
  });
  await achievements.award(member.id, now);
  return sessions.length;
}
