import { formatDownloadSize } from "@serene/domain";
import { Link } from "react-router";
import { ButtonLink } from "../../../components/ui/button";
import { PillButton } from "../../../components/ui/pill-button";
import { Skeleton } from "../../../components/ui/skeleton";
import { useDownloads, useDownloadsKeptOnlyWhileEntitled, useWithdrawnDownloadsRemoved } from "../hooks/use-downloads";
import { hasCacheStorage, removeDownload } from "../lib/downloads";
import { Cover } from "./cover";
import styles from "./downloads.module.css";

export const NO_DOWNLOADS_YET =
  "Nothing downloaded yet. Press Download on a session's page and it will wait for you here, even without a connection.";
export const NO_OFFLINE_STORAGE = "This browser cannot keep sessions for offline listening.";

/**
 * /profile/downloads: the sessions kept on this device (decision 047), each with its cover, name and
 * size, leading to its player, with Remove. Read from the device only, so it opens without a network.
 */
export function DownloadsList() {
  useDownloadsKeptOnlyWhileEntitled();
  const downloads = useDownloads();
  const gone = useWithdrawnDownloadsRemoved(downloads);
  const goneNotice = gone.length > 0 && (
    <p className={styles.gone} role="status">
      {gone.length === 1 ? `“${gone[0]}” is` : `${gone.map((name) => `“${name}”`).join(", ")} are`} no longer available in Serene, so{" "}
      {gone.length === 1 ? "it was" : "they were"} removed from this device.
    </p>
  );
  if (!hasCacheStorage()) return <p className={styles.empty}>{NO_OFFLINE_STORAGE}</p>;
  if (downloads === null) {
    return (
      <div className={styles.list} aria-busy="true" aria-label="Loading your downloads">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className={styles.rowSkeleton} />
        ))}
      </div>
    );
  }
  if (downloads.length === 0) {
    return (
      <div className={styles.emptyState}>
        {goneNotice}
        <p className={styles.empty} role="status">
          {NO_DOWNLOADS_YET}
        </p>
        <ButtonLink to="/home" variant="secondary" size="sm">
          Find a session
        </ButtonLink>
      </div>
    );
  }
  const total = downloads.reduce((sum, download) => sum + download.bytes, 0);
  return (
    <section aria-labelledby="downloads-title" className={styles.section}>
      {goneNotice}
      <div className={styles.head}>
        <h2 id="downloads-title">On this device</h2>
        <p className={styles.total}>
          {downloads.length === 1 ? "1 session" : `${downloads.length} sessions`} · {formatDownloadSize(total)}
        </p>
      </div>
      <ul className={styles.list}>
        {downloads.map((download) => (
          <li key={`${download.model}-${download.id}`} className={styles.row}>
            <Link to={`/${download.model}/${download.id}`} className={styles.open}>
              <Cover src={download.cover} className={styles.cover} blankClassName={styles.cover} />
              <span className={styles.text}>
                <span className={styles.name}>{download.name}</span>
                <span className={styles.size}>{formatDownloadSize(download.bytes)}</span>
              </span>
            </Link>
            <PillButton size="sm" onClick={() => void removeDownload(download.model, download.id)} aria-label={`Remove ${download.name}`}>
              Remove
            </PillButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
