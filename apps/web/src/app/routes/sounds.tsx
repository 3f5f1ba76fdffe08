import { MemberShell } from "../../components/layout/member-shell";
import { ScreenBrowse } from "../../features/content-browse";
import { Mixer } from "../../features/player/components/mixer";

/** /sounds: the sections of GET /screen/music, then the mixer (decision 044). */
export default function SoundsPage() {
  return (
    <MemberShell>
      <ScreenBrowse screen="music" title="Sounds" lead="Relaxing music and nature soundscapes for focus or rest." tone="sea" />
      <Mixer />
    </MemberShell>
  );
}
