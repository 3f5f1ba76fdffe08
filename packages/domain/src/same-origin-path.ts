/**
 * Paths on this site, as redirect targets (return_url, redirect). A value is a same-origin path
 * when a browser can only read it as a path on the current origin:
 * - it starts with exactly one "/": "//evil.com" is another host (scheme-relative), and so is
 *   "/\evil.com", because browsers read a backslash as a slash;
 * - it has no backslash anywhere, for the same reason;
 * - it has no control character (0x00-0x1F, 0x7F): browsers strip tabs and line breaks from a URL
 *   before reading it, so "/\t/evil.com" becomes "//evil.com", and a line break would split the
 *   Location header it is written into.
 * Nothing is trimmed or decoded: the value is judged as it would be followed.
 */
export function isSameOriginPath(value: string | null | undefined): value is string {
  if (typeof value !== "string" || !value.startsWith("/")) return false;
  if (value.startsWith("//")) return false;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code <= 0x1f || code === 0x7f || code === 0x5c) return false;
  }
  return true;
}

/**
 * A same-origin path written for a Location header: characters outside printable ASCII (a space,
 * letters with accents, emoji) percent-encoded as UTF-8, everything else as given. Null when the
 * value is not a same-origin path.
 */
export function sameOriginLocation(value: string | null | undefined): string | null {
  if (!isSameOriginPath(value)) return null;
  return value.replace(/[^\x21-\x7e]+/gu, (run) => encodeURIComponent(run));
}
