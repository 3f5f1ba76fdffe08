import { useLocation, useParams } from "react-router";
import { MemberShell } from "../../components/layout/member-shell";
import { WorkbookResult } from "../../features/workbooks";

const freshEntry = (state: unknown): string | null => {
  const entryId = (state as { entryId?: unknown } | null)?.entryId;
  return typeof entryId === "string" ? entryId : null;
};

/** /workbooks/workbook/:id/result: the entry just saved and what to do next. */
export default function WorkbookResultPage() {
  const { id = "" } = useParams();
  const location = useLocation();
  return (
    <MemberShell>
      <WorkbookResult workbookId={id} freshEntryId={freshEntry(location.state)} />
    </MemberShell>
  );
}
