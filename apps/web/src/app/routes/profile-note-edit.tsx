import { useParams } from "react-router";
import { ProfileShell } from "../../components/layout/profile-shell";
import { NoteEdit } from "../../features/notes";

/** /profile/notes/:id/edit: the note's title and text, to correct. */
export default function ProfileNoteEditPage() {
  const { id = "" } = useParams();
  return (
    <ProfileShell title="Edit note">
      <NoteEdit key={id} id={id} />
    </ProfileShell>
  );
}
