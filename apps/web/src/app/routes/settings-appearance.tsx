import { MemberShell } from "../../components/layout/member-shell";
import { AppearancePicker } from "../../features/appearance";
import { SettingsCard, SettingsPageHeader } from "../../features/settings";
import { env } from "../../lib/env";

export default function SettingsAppearancePage() {
  return (
    <MemberShell narrow>
      <SettingsPageHeader title="Appearance" description={`Choose the colours ${env.appName} wears. A new theme shows straight away.`} />
      <SettingsCard>
        <AppearancePicker />
      </SettingsCard>
    </MemberShell>
  );
}
