/**
 * WebVTT captions for a guided session, made from its script and timed to its audio: the build
 * knows where each spoken paragraph starts and ends (the length of espeak's output), splits the
 * paragraph into cues (a sentence, or at most CAPTION_MAX_CHARS characters broken between words)
 * and shares the paragraph's time between its cues by their length. Pure and tested.
 */

/** The longest cue, in characters: two short lines on a phone. */
export const CAPTION_MAX_CHARS = 80;

export interface SpokenParagraph {
  text: string;
  /** Seconds into the audio. */
  start: number;
  end: number;
}

export interface CaptionCue {
  start: number;
  end: number;
  text: string;
}

/** Sentences of a paragraph (kept with their closing punctuation). */
export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .split(/(?<=[.!?…]["”’)]?)\s+(?=\S)/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/**
 * Breaks a sentence into pieces of at most `max` characters: as few pieces as possible, of even
 * length, preferring a break after a comma, semicolon, colon or dash; a single word longer than
 * `max` stays whole.
 */
export function breakSentence(sentence: string, max = CAPTION_MAX_CHARS): string[] {
  if (sentence.length <= max) return [sentence];
  const words = sentence.split(" ");
  const pieces = Math.ceil(sentence.length / max);
  const target = sentence.length / pieces;
  const out: string[] = [];
  let current = "";
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    const full = next.length > max;
    const long = current.length >= target;
    const clause = /[,;:\u2014\u2013-]$/.test(current) && current.length >= target * 0.6;
    if (current && (full || long || clause)) {
      out.push(current);
      current = word;
    } else current = next;
  }
  if (current) out.push(current);
  return out;
}

/** The cues of the spoken paragraphs, each paragraph's time shared by character count. */
export function layoutCaptions(paragraphs: readonly SpokenParagraph[], max = CAPTION_MAX_CHARS): CaptionCue[] {
  const cues: CaptionCue[] = [];
  for (const paragraph of paragraphs) {
    const texts = sentences(paragraph.text).flatMap((sentence) => breakSentence(sentence, max));
    const total = texts.reduce((sum, text) => sum + text.length, 0);
    const span = Math.max(0, paragraph.end - paragraph.start);
    let used = 0;
    for (const text of texts) {
      const start = paragraph.start + (span * used) / total;
      used += text.length;
      const end = paragraph.start + (span * used) / total;
      cues.push({ start: round3(start), end: round3(end), text });
    }
  }
  return cues;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** 75.5 -> "00:01:15.500" */
export function vttTime(seconds: number): string {
  const millis = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(millis / 3_600_000);
  const m = Math.floor((millis % 3_600_000) / 60_000);
  const s = Math.floor((millis % 60_000) / 1000);
  const ms = millis % 1000;
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms, 3)}`;
}

/** A WebVTT file of the cues (numbered from 1; "-->" in a text cannot end a cue early). */
export function toWebVtt(cues: readonly CaptionCue[]): string {
  const blocks = cues.map(
    (cue, index) =>
      `${index + 1}\n${vttTime(cue.start)} --> ${vttTime(cue.end)}\n${cue.text.replace(/-->/g, "->").replace(/&/g, "&amp;").replace(/</g, "&lt;")}`,
  );
  return `WEBVTT\n\n${blocks.join("\n\n")}\n`;
}
