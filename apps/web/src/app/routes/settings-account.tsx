import { MemberShell } from "../../components/layout/member-shell";
import { AccountForm } from "../../features/account";
import { SettingsCard, SettingsPageHeader } from "../../features/settings";

export default function SettingsAccountPage() {
  return (
    <MemberShell narrow>
      <SettingsPageHeader title="Account" description="Your name and the e-mail address you log in with." />
      <SettingsCard>
        <AccountForm />
      </SettingsCard>
    </MemberShell>
  );
}
