import { describe, expect, it } from "vitest";
import { CAPTION_MAX_CHARS, breakSentence, layoutCaptions, sentences, toWebVtt, vttTime } from "./captions.ts";

describe("caption cues", () => {
  it("splits a paragraph into its sentences", () => {
    expect(sentences('Settle in.  Let your shoulders drop!\nBreathe out… Good. "Rest," you say. Stay.')).toEqual([
      "Settle in.",
      "Let your shoulders drop!",
      "Breathe out…",
      "Good.",
      '"Rest," you say.',
      "Stay.",
    ]);
  });

  it("keeps a sentence of up to 80 characters whole", () => {
    const sentence = "Let the breath arrive on its own, and let it leave in its own time, slowly.";
    expect(sentence.length).toBeLessThanOrEqual(CAPTION_MAX_CHARS);
    expect(breakSentence(sentence)).toEqual([sentence]);
  });

  it("breaks a longer sentence between words into pieces of at most 80 characters, at a comma when it can", () => {
    const sentence =
      "Notice the weight of your body where it meets the chair, the floor under your feet, the air on your hands and face, and the sounds around you.";
    const pieces = breakSentence(sentence);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(CAPTION_MAX_CHARS);
    expect(pieces.join(" ")).toBe(sentence);
    expect(pieces[0]!.endsWith(",")).toBe(true);
  });

  it("keeps a single overlong word whole rather than cutting it", () => {
    const word = "a".repeat(90);
    expect(breakSentence(`${word} rests`)).toEqual([word, "rests"]);
  });

  it("shares each paragraph's time between its cues by length, inside the paragraph", () => {
    const cues = layoutCaptions([
      { text: "Breathe in. Breathe out slowly.", start: 1, end: 4.1 },
      { text: "Rest.", start: 6.6, end: 7.4 },
    ]);
    expect(cues).toEqual([
      { start: 1, end: 2.137, text: "Breathe in." },
      { start: 2.137, end: 4.1, text: "Breathe out slowly." },
      { start: 6.6, end: 7.4, text: "Rest." },
    ]);
  });

  it("leaves the pauses between paragraphs without a cue and never overlaps", () => {
    const cues = layoutCaptions([
      { text: "One. Two. Three.", start: 1, end: 3 },
      { text: "Four.", start: 5.5, end: 6 },
    ]);
    for (let index = 1; index < cues.length; index += 1) expect(cues[index]!.start).toBeGreaterThanOrEqual(cues[index - 1]!.end);
    expect(cues.some((cue) => cue.start < 5.5 && cue.end > 3)).toBe(false);
  });
});

describe("WebVTT", () => {
  it("formats times as hours, minutes, seconds and milliseconds", () => {
    expect(vttTime(0)).toBe("00:00:00.000");
    expect(vttTime(75.5)).toBe("00:01:15.500");
    expect(vttTime(3723.0004)).toBe("01:02:03.000");
  });

  it("writes numbered cues after the WEBVTT header, with cue text made safe", () => {
    expect(
      toWebVtt([
        { start: 1, end: 2.1, text: "Breathe in." },
        { start: 2.1, end: 4.1, text: "In --> out <slowly> & softly." },
      ]),
    ).toBe(
      "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.100\nBreathe in.\n\n2\n00:00:02.100 --> 00:00:04.100\nIn -> out &lt;slowly> &amp; softly.\n",
    );
  });
});
