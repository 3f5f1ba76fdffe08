import { ProfileShell } from "../../components/layout/profile-shell";
import { queryClient } from "../../lib/query-client";
import { Dashboard, quoteQuery, statisticsQuery } from "../../features/progress";

/** /profile/dashboard: the quote, the member's figures and the pictures of their practice. */
export default function ProfileDashboardPage() {
  return (
    <ProfileShell title="Dashboard">
      <Dashboard />
    </ProfileShell>
  );
}

export function prefetch() {
  void queryClient.prefetchQuery(quoteQuery());
  void queryClient.prefetchQuery(statisticsQuery());
}
