import type { Achievement, EarnedAchievement } from "@serene/contracts";
import { achievementOf, type ACHIEVEMENTS, type AchievementName } from "@serene/domain";

/** A badge just earned, as a write's `earned` lists it. */
export const presentEarned = (name: AchievementName): EarnedAchievement => {
  const badge = achievementOf(name);
  return { name: badge.name, machine_name: badge.machine_name, description: badge.description };
};

/** A badge on the achievements page: received or not, when, and whether it is the one received last. */
export const presentBadge = (badge: (typeof ACHIEVEMENTS)[number], receivedAt: Date | undefined, isLast: boolean): Achievement => ({
  name: badge.name,
  machine_name: badge.machine_name,
  description: badge.description,
  isReceived: receivedAt !== undefined,
  isLast,
  received_at: receivedAt ? receivedAt.toISOString() : null,
});
