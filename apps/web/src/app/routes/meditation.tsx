import { MemberShell } from "../../components/layout/member-shell";
import { ScreenBrowse } from "../../features/content-browse";

/** /meditation: the sections of GET /screen/meditation. */
export default function MeditationPage() {
  return (
    <MemberShell>
      <ScreenBrowse
        screen="meditation"
        title="Meditation"
        lead="Guided practices for a steadier, kinder mind. Choose a tag to narrow things down."
        tone="dawn"
        withTags
      />
    </MemberShell>
  );
}
