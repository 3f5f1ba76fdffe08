import { ProfileShell } from "../../components/layout/profile-shell";
import { NoteForm } from "../../features/notes";

/** /profile/notes/create: a new note. */
export default function ProfileNoteCreatePage() {
  return (
    <ProfileShell title="New note">
      <NoteForm />
    </ProfileShell>
  );
}
