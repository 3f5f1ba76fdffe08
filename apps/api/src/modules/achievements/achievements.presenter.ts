import type { EarnedAchievement } from "@serene/contracts";
import { achievementOf, type AchievementName } from "@serene/domain";

/** A badge just earned, as a write's `earned` lists it. */
export const presentEarned = (name: AchievementName): EarnedAchievement => {
  const badge = achievementOf(name);
  return { name: badge.name, machine_name: badge.machine_name, description: badge.description };
};
