import { ProfileShell } from "../../components/layout/profile-shell";
import { queryClient } from "../../lib/query-client";
import { achievementsQuery, AchievementsView } from "../../features/progress";

/** /profile/achievements: the latest badge, then all fourteen. */
export default function ProfileAchievementsPage() {
  return (
    <ProfileShell title="Achievements">
      <AchievementsView />
    </ProfileShell>
  );
}

export function prefetch() {
  void queryClient.prefetchQuery(achievementsQuery());
}
