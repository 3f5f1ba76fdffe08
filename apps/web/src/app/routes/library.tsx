import { ProfileShell } from "../../components/layout/profile-shell";
import { LibraryView } from "../../features/content-browse";

/** /profile/library: Recently Played, Recommendation and Favorite. */
export default function LibraryPage() {
  return (
    <ProfileShell title="Library">
      <LibraryView />
    </ProfileShell>
  );
}
