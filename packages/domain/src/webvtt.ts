/**
 * WebVTT captions, read the small way the player needs them (the W3C WebVTT format, cues only).
 *
 * - The file starts with `WEBVTT` (after an optional byte-order mark); anything else is not captions.
 * - Blocks are separated by blank lines; line ends may be LF, CRLF or CR.
 * - A cue is an optional identifier line, a timing line `start --> end` with optional settings after it
 *   (`align:start line:90%` …, ignored here), and one or more lines of text, joined with a line break.
 * - Timestamps are `mm:ss.ttt` or `hh:mm:ss.ttt` (minutes and seconds below 60).
 * - `NOTE`, `STYLE` and `REGION` blocks are skipped; so is a block whose timing line does not read, or whose end is
 *   not after its start. Tags inside the text (`<v Guide>`, `<i>`) are removed and the common entities decoded,
 *   because the player shows plain text.
 *
 * Cues come back in the order of their start times (a stable sort, so equal starts keep the file's order).
 */
export interface Cue {
  /** Seconds from the start of the stream. */
  start: number;
  end: number;
  /** The spoken words, lines joined with "\n". */
  text: string;
}

const TIMESTAMP = /^(?:(\d{1,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

/** Seconds of a WebVTT timestamp (`01:02.500`, `1:01:02.500`), or null when it does not read. */
export function parseVttTimestamp(text: string): number | null {
  const match = TIMESTAMP.exec(text.trim());
  if (!match) return null;
  const [, hours, minutes, seconds, millis] = match;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis) / 1000;
}

const ENTITIES: Readonly<Record<string, string>> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&nbsp;": "\u00a0",
  "&lrm;": "\u200e",
  "&rlm;": "\u200f",
};

function plainText(line: string): string {
  return line.replace(/<[^>]*>/g, "").replace(/&(?:amp|lt|gt|nbsp|lrm|rlm);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** The cues of a WebVTT file. Throws when the text is not WebVTT at all (no `WEBVTT` header). */
export function parseWebVtt(text: string): Cue[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? "")) throw new Error("Not a WebVTT file.");
  const cues: Cue[] = [];
  let index = 1;
  // The header's own lines run until the first blank line.
  while (index < lines.length && lines[index]!.trim() !== "") index++;
  while (index < lines.length) {
    while (index < lines.length && lines[index]!.trim() === "") index++;
    const block: string[] = [];
    while (index < lines.length && lines[index]!.trim() !== "") block.push(lines[index++]!);
    if (block.length === 0) break;
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block[0]!)) continue;
    const timingAt = block[0]!.includes("-->") ? 0 : block[1]?.includes("-->") ? 1 : -1;
    if (timingAt < 0) continue;
    const [from, rest] = block[timingAt]!.split("-->") as [string, string];
    const start = parseVttTimestamp(from);
    const end = parseVttTimestamp(rest.trim().split(/[ \t]+/)[0] ?? "");
    if (start === null || end === null || end <= start) continue;
    const words = block
      .slice(timingAt + 1)
      .map(plainText)
      .join("\n")
      .trim();
    cues.push({ start, end, text: words });
  }
  return cues
    .map((cue, order) => ({ cue, order }))
    .sort((a, b) => a.cue.start - b.cue.start || a.order - b.order)
    .map(({ cue }) => cue);
}

/**
 * The index of the cue being spoken at `seconds` (start inclusive, end exclusive), or -1 between cues, before the
 * first and after the last. When cues overlap, the one that started last wins (the newest words). Cues must be in
 * start order, as `parseWebVtt` returns them. A binary search finds the last cue started; a session has tens of cues,
 * so even the walk back between cues is cheap on every `timeupdate`.
 */
export function currentCueIndex(cues: readonly Cue[], seconds: number): number {
  if (!Number.isFinite(seconds)) return -1;
  // The last cue that starts at or before `seconds`.
  let low = 0;
  let high = cues.length - 1;
  let last = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (cues[middle]!.start <= seconds) {
      last = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  // Then back over cues that started earlier and may still run (overlaps); between cues this walks to the first.
  for (let index = last; index >= 0; index--) if (seconds < cues[index]!.end) return index;
  return -1;
}
