import { ProfileShell } from "../../components/layout/profile-shell";
import { NotesList, notesQuery, pageFrom } from "../../features/notes";
import { queryClient } from "../../lib/query-client";

/** /profile/notes: the member's notes, 20 a page. */
export default function ProfileNotesPage() {
  return (
    <ProfileShell title="Notes">
      <NotesList />
    </ProfileShell>
  );
}

export function prefetch(_params: unknown, url?: URL) {
  void queryClient.prefetchQuery(notesQuery(pageFrom(url?.searchParams.get("page") ?? null)));
}
