/**
 * How loud the soundscape (the bed) plays under a voice (decision 048). The media pack masters beds as loud as
 * voices (-16 LUFS), so a bed at the voice's own volume covers the words: under a voice it starts about 10 dB
 * lower, unless the member has set a level of their own.
 */

/** The bed's share of the voice's volume until the member sets their own: 20·log10(0.32) ≈ -9.9 dB. */
export const BED_UNDER_VOICE_LEVEL = 0.32;

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** The level a bed starts at: the member's own (kept within 0 to 1) when they set one, otherwise BED_UNDER_VOICE_LEVEL. */
export function bedLevelFor(memberLevel: number | null | undefined): number {
  if (memberLevel === null || memberLevel === undefined || !Number.isFinite(memberLevel)) return BED_UNDER_VOICE_LEVEL;
  return clamp(memberLevel);
}

/** A level kept on the device, read back: a number from 0 to 1, or null for anything else (nothing set, a broken value). */
export function parseBedLevel(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || raw.trim() === "") return null;
  const level = Number(raw);
  return Number.isFinite(level) && level >= 0 && level <= 1 ? level : null;
}

/**
 * The bed element's volume: the voice's volume times the level, rounded to 2 decimals (spec 001 section 4
 * mirrors the voice's volume changes to the soundscape, rounded so).
 */
export function bedVolume(voiceVolume: number, level: number): number {
  const voice = Number.isFinite(voiceVolume) ? clamp(voiceVolume) : 1;
  return Math.round(voice * bedLevelFor(level) * 100) / 100;
}

/** A level in decibels against the voice (0 dB: as loud as the voice), for people who think in dB. */
export function levelInDecibels(level: number): number {
  return level <= 0 ? Number.NEGATIVE_INFINITY : 20 * Math.log10(level);
}
