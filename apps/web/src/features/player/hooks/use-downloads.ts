import { isSubscriber, useAccountStatus } from "../../../lib/server-data/account-status";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { ContentModel } from "@serene/domain";
import { findDownload, listDownloads, pruneDownloads, type DownloadRecord } from "../lib/downloads";
import { offlineDataVersion, onOfflineDataChange } from "../../../lib/offline-data";

const useOfflineVersion = () => useSyncExternalStore(onOfflineDataChange, offlineDataVersion, offlineDataVersion);

/** Every download on this device, newest first; null while reading. Reads again after any change. */
export function useDownloads(): DownloadRecord[] | null {
  const version = useOfflineVersion();
  const [records, setRecords] = useState<{ version: number; list: DownloadRecord[] } | null>(null);
  useEffect(() => {
    let live = true;
    listDownloads().then(
      (list) => live && setRecords({ version, list }),
      () => live && setRecords({ version, list: [] }),
    );
    return () => {
      live = false;
    };
  }, [version]);
  return records?.list ?? null;
}

/** One item's download: undefined while reading, null when it is not on the device. */
export function useDownload(model: ContentModel, id: number): DownloadRecord | null | undefined {
  const version = useOfflineVersion();
  const [found, setFound] = useState<{ key: string; record: DownloadRecord | null } | null>(null);
  const key = `${version}:${model}:${id}`;
  useEffect(() => {
    let live = true;
    findDownload(model, id).then(
      (record) => live && setFound({ key, record }),
      () => live && setFound({ key, record: null }),
    );
    return () => {
      live = false;
    };
  }, [key, model, id]);
  return found?.key === key ? found.record : found ? found.record : undefined;
}

/**
 * Downloads stay only while the member may play them: once the account status says they no longer
 * subscribe, every premium download goes (decision 047). Without a status (no network) nothing changes.
 */
export function useDownloadsKeptOnlyWhileEntitled() {
  const status = useAccountStatus();
  const subscriber = status.data ? isSubscriber(status.data) : null;
  useEffect(() => {
    if (subscriber === false) void pruneDownloads(false).catch(() => undefined);
  }, [subscriber]);
}
