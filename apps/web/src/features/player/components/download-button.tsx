import { formatDownloadSize, mayDownload, type ContentModel, type DownloadStreamField } from "@serene/domain";
import { useState } from "react";
import { PillButton } from "../../../components/ui/pill-button";
import { toast } from "../../../components/ui/toast-store";
import { useDownload } from "../hooks/use-downloads";
import { downloadItem, hasCacheStorage, removeDownload } from "../lib/downloads";
import { PlayerIcon } from "./icons";
import styles from "./actions.module.css";

export const DOWNLOAD_FAILED = "The download did not finish. Check your connection and try again.";

interface DownloadButtonProps {
  model: ContentModel;
  id: number;
  free: boolean;
  /** The stream fields the item has. */
  streams: DownloadStreamField[];
  /** The stream the player has now, if any: the download keeps that voice's audio. */
  playing: DownloadStreamField | null;
  subscriber: boolean | null;
}

/**
 * Download for offline listening (decision 047): "Download", then "Downloading… n%", then
 * "Downloaded · 287 KB" with "Remove". Offered for what the member may play now; a download
 * already on the device always shows, so it can be removed.
 */
export function DownloadButton({ model, id, free, streams, playing, subscriber }: DownloadButtonProps) {
  const record = useDownload(model, id);
  const [progress, setProgress] = useState<number | null>(null);
  if (!hasCacheStorage() || record === undefined) return null;

  if (record) {
    return (
      <span className={styles.downloaded}>
        <span className={styles.downloadedLabel}>
          <PlayerIcon name="check" />
          <span>Downloaded · {formatDownloadSize(record.bytes)}</span>
        </span>
        <PillButton size="sm" onClick={() => void removeDownload(model, id)}>
          Remove
        </PillButton>
      </span>
    );
  }
  if (!mayDownload({ free, streams }, subscriber)) return null;

  const start = async () => {
    setProgress(0);
    try {
      await downloadItem({ model, id, playing, onProgress: setProgress });
    } catch (error) {
      console.warn("Download failed:", error instanceof Error ? error.message : error);
      toast.error(DOWNLOAD_FAILED);
    } finally {
      setProgress(null);
    }
  };
  const busy = progress !== null;
  return (
    <PillButton size="sm" onClick={() => void start()} disabled={busy} aria-busy={busy || undefined}>
      <PlayerIcon name="download" />
      <span aria-live="polite">{busy ? `Downloading… ${progress}%` : "Download"}</span>
    </PillButton>
  );
}
