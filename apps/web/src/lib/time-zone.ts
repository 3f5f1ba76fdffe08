/**
 * The member's own time zone (IANA name, e.g. "Europe/Lisbon"), sent as `tz` with the calls whose days
 * depend on it (GET and POST /user/sessions), so days and streaks turn over at the member's midnight.
 * Undefined when the browser cannot say; the server then uses the zone it last heard, else UTC.
 */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && zone.length <= 64 ? zone : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a failed call was refused for its `tz` alone (a zone the server does not know): it can go again without. */
export function refusedTimeZone(error: unknown): boolean {
  if (!error || typeof error !== "object" || !("status" in error) || !("data" in error)) return false;
  const { status, data } = error as { status: number; data: { errors?: Record<string, unknown> } };
  return status === 422 && Boolean(data.errors && "tz" in data.errors);
}
