import { MemberShell } from "../../components/layout/member-shell";
import { ScreenBrowse } from "../../features/content-browse";

/** /therapy: the sections of GET /screen/therapy. */
export default function TherapyPage() {
  return (
    <MemberShell>
      <ScreenBrowse screen="therapy" title="Therapy" lead="Short CBT lessons and courses to work through what weighs on you." tone="dusk" />
    </MemberShell>
  );
}
