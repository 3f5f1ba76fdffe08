import { EmptyState } from "../../components/content";
import { MemberShell } from "../../components/layout/member-shell";
import { LoadProblem, PageIntro, ShelvesLoading, useMembership } from "../../features/content-browse";
import { HomeLayout, PlanDays, usePersonalPlan } from "../../features/home";

/** /personal-plan: the whole plan, today highlighted; the same card rules as on /home. */
export default function PersonalPlanPage() {
  const membership = useMembership();
  const plan = usePersonalPlan();
  const data = plan.data;
  return (
    <MemberShell>
      <HomeLayout>
        <PageIntro title="Your personal plan" tone="sea">
          {data ? `Day ${data.current_day} of ${data.total_days}. One small step at a time.` : "One small step at a time."}
        </PageIntro>
        {plan.isPending ? (
          <ShelvesLoading rows={2} />
        ) : plan.isError ? (
          <LoadProblem onRetry={() => void plan.refetch()} />
        ) : plan.data.days.length === 0 ? (
          <EmptyState>No data found</EmptyState>
        ) : (
          <PlanDays plan={plan.data} subscriber={membership.subscriber} />
        )}
      </HomeLayout>
    </MemberShell>
  );
}
