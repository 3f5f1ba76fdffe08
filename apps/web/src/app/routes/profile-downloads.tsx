import { ProfileShell } from "../../components/layout/profile-shell";
import { DownloadsList } from "../../features/player";

/** /profile/downloads: the sessions kept on this device for offline listening (decision 047). */
export default function ProfileDownloadsPage() {
  return (
    <ProfileShell title="Downloads">
      <DownloadsList />
    </ProfileShell>
  );
}
