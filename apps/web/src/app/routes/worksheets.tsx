import { ProfileShell } from "../../components/layout/profile-shell";
import { WorksheetsList } from "../../features/workbooks";

/** /profile/worksheets: the member's saved workbook entries. */
export default function WorksheetsPage() {
  return (
    <ProfileShell title="Worksheets">
      <WorksheetsList />
    </ProfileShell>
  );
}
