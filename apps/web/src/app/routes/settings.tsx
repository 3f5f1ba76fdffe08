import { MemberShell } from "../../components/layout/member-shell";
import { useMember } from "../../lib/server-data/member";
import { useLogOut } from "../../features/auth";
import { SettingsMenu, SettingsPageHeader } from "../../features/settings";

export default function SettingsPage() {
  const user = useMember();
  const { logOut, pending } = useLogOut();
  return (
    <MemberShell narrow>
      <SettingsPageHeader title="Settings" back={false} />
      <SettingsMenu email={user.data?.email ?? null} onLogOut={() => void logOut()} loggingOut={pending} />
    </MemberShell>
  );
}
