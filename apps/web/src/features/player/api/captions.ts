import { parseWebVtt, type Cue } from "@serene/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ensureSignedCookies } from "./signed-cookies";

/** A captions file that did not arrive or did not read; `status` is the HTTP status (0 without an answer). */
export class CaptionsError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`Captions could not be loaded (${status}).`);
    this.status = status;
  }
}

async function fetchCaptions(url: string, signal?: AbortSignal): Promise<Cue[]> {
  // Captions travel the media path: the signed cookies open them (decision 011), sent to the media's own host too.
  const get = () => fetch(url, { credentials: "include", signal, headers: { Accept: "text/vtt" } });
  await ensureSignedCookies();
  let response = await get();
  if (response.status === 403) {
    // The cookies ran out or belong to an older subscription state: renew them and try once more.
    await ensureSignedCookies(true);
    response = await get();
  }
  if (!response.ok) throw new CaptionsError(response.status);
  try {
    return parseWebVtt(await response.text());
  } catch {
    throw new CaptionsError(response.status);
  }
}

/** Captions by file address: the player alone reads them. */
export const captionsKeys = { all: ["captions"] as const, file: (url: string) => [...captionsKeys.all, url] as const };

/** The cues of one captions file (`Stream.hls.captions`), one query per file address; a file never changes. */
export const captionsQuery = (url: string) =>
  queryOptions({
    queryKey: captionsKeys.file(url),
    queryFn: ({ signal }) => fetchCaptions(url, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
    // The 403 retry happens inside; anything else is said once, with a way to try again.
    retry: false,
  });

/** The cues of the captions at `url`; idle without an address or while `enabled` is false. */
export const useCaptions = (url: string | null, enabled: boolean) =>
  useQuery({ ...captionsQuery(url ?? ""), enabled: enabled && url !== null });
