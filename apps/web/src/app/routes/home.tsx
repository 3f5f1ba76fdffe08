import { MemberShell } from "../../components/layout/member-shell";
import { useUser } from "../../features/account";
import { Greeting, HomeLayout, HomeSection, SmallSteps, WelcomePanel, useRegisterNote } from "../../features/home";

/** /home: the greeting, a calm welcome, then one section after another (more arrive with the content area). */
export default function HomePage() {
  const user = useUser();
  useRegisterNote();
  return (
    <MemberShell>
      <HomeLayout>
        <Greeting name={user.data?.name ?? null} />
        <WelcomePanel />
        <HomeSection id="small-steps" title="Small steps for today">
          <SmallSteps />
        </HomeSection>
      </HomeLayout>
    </MemberShell>
  );
}
