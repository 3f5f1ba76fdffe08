import { MemberShell } from "../../components/layout/member-shell";
import { ScreenBrowse } from "../../features/content-browse";

/** /sounds: the sections of GET /screen/music. */
export default function SoundsPage() {
  return (
    <MemberShell>
      <ScreenBrowse screen="music" title="Sounds" lead="Relaxing music and nature soundscapes for focus or rest." tone="sea" />
    </MemberShell>
  );
}
