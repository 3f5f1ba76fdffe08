import { useParams, type Params } from "react-router";
import { ProfileShell } from "../../components/layout/profile-shell";
import { NoteDetail, noteQuery } from "../../features/notes";
import { queryClient } from "../../lib/query-client";

/** /profile/notes/:id: one note, with edit and delete. */
export default function ProfileNotePage() {
  const { id = "" } = useParams();
  return (
    <ProfileShell title="Notes">
      <NoteDetail key={id} id={id} />
    </ProfileShell>
  );
}

export function prefetch(params: Params) {
  if (params.id) void queryClient.prefetchQuery(noteQuery(params.id));
}
