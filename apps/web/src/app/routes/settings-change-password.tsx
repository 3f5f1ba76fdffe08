import { MemberShell } from "../../components/layout/member-shell";
import { ChangePasswordForm } from "../../features/account";
import { SettingsCard, SettingsPageHeader } from "../../features/settings";

export default function SettingsChangePasswordPage() {
  return (
    <MemberShell narrow>
      <SettingsPageHeader title="Change Password" description="Enter your current password, then the new one." />
      <SettingsCard>
        <ChangePasswordForm />
      </SettingsCard>
    </MemberShell>
  );
}
