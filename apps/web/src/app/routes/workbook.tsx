import { useNavigate, useParams } from "react-router";
import { EmptyState } from "../../components/content";
import { MemberShell } from "../../components/layout/member-shell";
import { Button, ButtonLink } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { openSubscriptionOffer } from "../../lib/buying/subscription-offer";
import { useMember } from "../../lib/server-data/member";
import { useWorkbook, WorkbookFlow, workbookPath } from "../../features/workbooks";
import styles from "./workbooks.module.css";

/** /workbooks/workbook/:id (spec 001 sections 2 and 4): the workbook, one question at a time. */
export default function WorkbookPage() {
  const { id = "" } = useParams();
  const workbook = useWorkbook(id);
  const user = useMember();
  const navigate = useNavigate();

  let body;
  if (workbook.isPending || user.isPending) {
    body = <Skeleton className={styles.skeletonFlow} aria-busy="true" aria-label="Loading the workbook" />;
  } else if (workbook.isError || user.isError) {
    body = (
      <EmptyState action={<ButtonLink to="/workbooks">All workbooks</ButtonLink>}>
        {workbook.isError ? "This workbook could not be found." : "The workbook did not load. Please try again in a moment."}
      </EmptyState>
    );
  } else if (workbook.data.locked_reason !== null) {
    body = (
      <div className={styles.gate}>
        <h1>{workbook.data.name}</h1>
        <p>{workbook.data.locked_reason}</p>
        <ButtonLink to="/workbooks">All workbooks</ButtonLink>
      </div>
    );
  } else if (!workbook.data.available) {
    body = (
      <div className={styles.gate}>
        <h1>{workbook.data.name}</h1>
        <p>This workbook is part of the subscription. Unlock it to fill it in whenever you need it.</p>
        <Button variant="accent" onClick={() => openSubscriptionOffer("locked")}>
          See plans
        </Button>
        <ButtonLink to="/workbooks" variant="ghost">
          All workbooks
        </ButtonLink>
      </div>
    );
  } else {
    body = (
      <WorkbookFlow
        key={`${user.data.id}:${id}`}
        workbook={workbook.data}
        memberId={user.data.id}
        onSaved={(entry) => void navigate(`${workbookPath(id)}/result`, { state: { entryId: entry.id } })}
      />
    );
  }
  return <MemberShell>{body}</MemberShell>;
}
