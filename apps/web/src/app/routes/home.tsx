import { DAILY_MEDITATION_SECTION, PERSONAL_PLAN_SECTION } from "@serene/domain";
import { EmptyState } from "../../components/content";
import { MemberShell } from "../../components/layout/member-shell";
import { useMember } from "../../lib/server-data/member";
import {
  ContinueShelf,
  LoadProblem,
  SectionShelf,
  ShelvesLoading,
  UnlockButton,
  useMembership,
  useScreen,
} from "../../features/content-browse";
import {
  DailyMeditation,
  Greeting,
  HomeLayout,
  PlanStrip,
  useAfterRegistrationOffer,
  useFirstVisit,
  useHomeQueryNotes,
  useRegisterNote,
  withWorkbooks,
} from "../../features/home";
import { WorkbooksShelf } from "../../features/workbooks/cards";

/** /home (spec 001 section 2): the greeting, the unlock button, the daily slider, the plan, then the other sections. */
export default function HomePage() {
  const user = useMember();
  const membership = useMembership();
  const screen = useScreen("home");
  useRegisterNote();
  useAfterRegistrationOffer();
  useHomeQueryNotes();
  const firstVisit = useFirstVisit(user.data);

  return (
    <MemberShell>
      <HomeLayout>
        <Greeting name={user.data?.name ?? null} firstVisit={firstVisit} action={<UnlockButton membership={membership} />} />
        <ContinueShelf membership={membership} />
        {screen.isPending ? (
          <ShelvesLoading rows={3} />
        ) : screen.isError ? (
          <LoadProblem onRetry={() => void screen.refetch()} />
        ) : screen.data.data.length === 0 ? (
          <EmptyState>No data found</EmptyState>
        ) : (
          withWorkbooks(screen.data.data).map((section) => {
            if (section === "workbooks") return <WorkbooksShelf key="workbooks" />;
            if (section.section_type === DAILY_MEDITATION_SECTION) {
              return section.content.length > 0 ? (
                <DailyMeditation key={section.id} section={section} isLocked={membership.isLocked} />
              ) : null;
            }
            if (section.section_type === PERSONAL_PLAN_SECTION) {
              return (
                <PlanStrip
                  key={section.id}
                  title={section.name}
                  day={section.day ?? 1}
                  steps={section.content}
                  subscriber={membership.subscriber}
                />
              );
            }
            return section.content.length > 0 ? <SectionShelf key={section.id} section={section} membership={membership} /> : null;
          })
        )}
      </HomeLayout>
    </MemberShell>
  );
}
