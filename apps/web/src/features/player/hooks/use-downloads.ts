import { isSubscriber, useAccountStatus } from "../../../lib/server-data/account-status";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { ContentModel } from "@serene/domain";
import { ApiError } from "../../../lib/api-client";
import { findDownload, listDownloads, pruneDownloads, removeDownload, type DownloadRecord } from "../lib/downloads";
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

/**
 * A download of an item the catalogue no longer has (withdrawn from the console, decision 070) leaves the
 * device: its detail answers 404, so its copy is removed, and the names are answered for the list to say
 * so. Any other answer (offline, a slow server) keeps everything as it is.
 */
export function useWithdrawnDownloadsRemoved(downloads: DownloadRecord[] | null): string[] {
  const [gone, setGone] = useState<string[]>([]);
  const ids = downloads?.map((download) => `${download.model}:${download.id}`).join(",") ?? "";
  useEffect(() => {
    if (!downloads || downloads.length === 0) return;
    const controller = new AbortController();
    // The item's fetcher arrives with the check, not with every page that keeps downloads.
    const fetcher = import("../api/content");
    void Promise.all(
      downloads.map(async (download) => {
        try {
          const { getContentItem } = await fetcher;
          await getContentItem(download.model, download.id, controller.signal);
          return null;
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 404) return null;
          await removeDownload(download.model, download.id);
          return download.name;
        }
      }),
    ).then((names) => {
      const removed = names.filter((name): name is string => name !== null);
      if (!controller.signal.aborted && removed.length > 0) setGone((before) => [...new Set([...before, ...removed])]);
    });
    return () => controller.abort();
    // The list of downloads (by model and id) is what is checked; their objects change identity on every read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);
  return gone;
}
