import { MemberShell } from "../../components/layout/member-shell";
import { LibraryView } from "../../features/content-browse";

/** /profile/library: Recently Played, Recommendation and Favorite. */
export default function LibraryPage() {
  return (
    <MemberShell>
      <LibraryView />
    </MemberShell>
  );
}
