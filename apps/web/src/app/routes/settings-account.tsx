import { MemberShell } from "../../components/layout/member-shell";
import { AccountForm, DataDownload } from "../../features/account";
import { SettingsCard, SettingsPageHeader } from "../../features/settings";
import styles from "./settings-account.module.css";

export default function SettingsAccountPage() {
  return (
    <MemberShell narrow>
      <SettingsPageHeader title="Account" description="Your name and the e-mail address you log in with." />
      <div className={styles.cards}>
        <SettingsCard>
          <AccountForm />
        </SettingsCard>
        <SettingsCard>
          <DataDownload />
        </SettingsCard>
      </div>
    </MemberShell>
  );
}
