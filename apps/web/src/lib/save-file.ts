import type { DownloadedFile } from "./api-client";

/**
 * Hands a downloaded file to the browser's downloads under the server's name: a Blob behind an object URL and a
 * link with `download`, clicked once. The URL is let go a little later, once the browser has taken the bytes.
 */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
