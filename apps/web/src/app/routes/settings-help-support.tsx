import { MemberShell } from "../../components/layout/member-shell";
import { HelpSupport, SettingsPageHeader } from "../../features/settings";
import { env } from "../../lib/env";

export default function SettingsHelpSupportPage() {
  return (
    <MemberShell narrow>
      <SettingsPageHeader title="Help & Support" description="Answers to the questions we hear most." />
      <HelpSupport supportEmail={env.supportEmail} />
    </MemberShell>
  );
}
