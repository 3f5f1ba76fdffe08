import { MemberShell } from "../../components/layout/member-shell";
import { ScreenBrowse } from "../../features/content-browse";

/** /sleep: the sections of GET /screen/sleep. */
export default function SleepPage() {
  return (
    <MemberShell>
      <ScreenBrowse screen="sleep" title="Sleep" lead="Sleepcasts and slow meditations to help you drift off." tone="night" />
    </MemberShell>
  );
}
