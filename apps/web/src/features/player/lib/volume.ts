/** The soundscape mirrors the voice's volume rounded to 2 decimals (spec 001 section 4), within 0 to 1. */
export function roundVolume(volume: number): number {
  if (!Number.isFinite(volume)) return 1;
  return Math.min(1, Math.max(0, Math.round(volume * 100) / 100));
}
