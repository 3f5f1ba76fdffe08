import { useParams } from "react-router";
import { ProfileShell } from "../../components/layout/profile-shell";
import { EntryView } from "../../features/workbooks";

/** /profile/workbook/:id: one saved entry (the completed workbook's profile view). */
export default function ProfileWorkbookPage() {
  const { id = "" } = useParams();
  return (
    <ProfileShell title="Worksheets">
      <EntryView key={id} id={id} />
    </ProfileShell>
  );
}
