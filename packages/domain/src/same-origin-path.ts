/**
 * Paths on this site, as redirect targets (`redirect`, `return_url`, the links e-mailed with one):
 * every place that follows one asks `sameSitePath` (decisions 019 and 056).
 */

/** Longer than any path the product writes; a longer value is refused rather than followed. */
export const MAX_REDIRECT_LENGTH = 2048;

/** Any origin works as the base: only whether the value leaves it matters. */
const BASE = "https://site.invalid";

/** Undoes percent-encoding until nothing changes, leaving a broken escape as it is. */
function decodedFully(value: string): string {
  let current = value;
  for (let round = 0; round < 8; round++) {
    const next = current.replace(/%([0-9a-f]{2})/giu, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** A path begins with two slashes (or a slash and a backslash) when its host is another site's. */
const ANOTHER_HOST = /^\/[\\/]/u;

/**
 * Whether a resolved path, once a reader percent-decodes it (a router does) and resolves it again,
 * begins like another host: "/%2F%2Fevil.example", "/.%2F%2Fevil.example", "/%5Cevil.example".
 */
function readsAsAnotherHost(pathname: string): boolean {
  if (ANOTHER_HOST.test(pathname)) return true;
  const decoded = decodedFully(pathname);
  if (ANOTHER_HOST.test(decoded)) return true;
  try {
    const again = new URL(decoded, BASE);
    return again.origin !== BASE || ANOTHER_HOST.test(again.pathname) || ANOTHER_HOST.test(decodedFully(again.pathname));
  } catch {
    return true;
  }
}

/**
 * The path a redirect value leads to on this site, or null when it leads anywhere else.
 *
 * The value is resolved against the site's origin with the URL parser, the way a browser and the
 * router read it, and judged as resolved: "/.//evil.example" and "/..//evil.example" resolve to the
 * path "//evil.example", which the next reader takes for another host. Accepted only when:
 * - it starts with "/" (no scheme, no "javascript:", no "https:evil.example");
 * - it has no backslash and no control character (0x00-0x1F, 0x7F) anywhere: browsers read "\" as
 *   "/" and strip tabs and line breaks before reading, and a line break would split a header;
 * - it is at most MAX_REDIRECT_LENGTH characters;
 * - resolved, it stays on the origin, and its path does not begin with "//" or "/\", not even once
 *   percent-decoded and resolved again ("/%2F%2Fevil.example", "/.%2F%2Fevil.example" and
 *   "/%5Cevil.example" are refused: a router that decodes the path would hand it on as another host).
 * The answer is the resolved path, query and fragment, in ASCII (the parser percent-encodes the
 * rest), so it is exactly what was checked and can go into a Location header as it is.
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > MAX_REDIRECT_LENGTH) return null;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code <= 0x1f || code === 0x7f || code === 0x5c) return null;
  }
  let resolved: URL;
  try {
    resolved = new URL(value, BASE);
  } catch {
    return null;
  }
  if (resolved.origin !== BASE || readsAsAnotherHost(resolved.pathname)) return null;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** Whether `sameSitePath` accepts the value (a check for schemas; follow the path `sameSitePath` answers). */
export function isSameOriginPath(value: string | null | undefined): value is string {
  return sameSitePath(value) !== null;
}

/** The value as a Location header on this site (`sameSitePath`'s answer), or null. */
export function sameOriginLocation(value: string | null | undefined): string | null {
  return sameSitePath(value);
}
