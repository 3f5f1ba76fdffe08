import { describe, expect, it } from "vitest";
import { currentCueIndex, parseVttTimestamp, parseWebVtt, type Cue } from "./webvtt.ts";

describe("parseVttTimestamp", () => {
  it.each([
    ["00:00.000", 0],
    ["00:04.250", 4.25],
    ["01:02.500", 62.5],
    ["00:01:02.500", 62.5],
    ["1:00:00.001", 3600.001],
    ["12:59:59.999", 46799.999],
  ])("reads %s as %d seconds", (text, seconds) => {
    expect(parseVttTimestamp(text)).toBeCloseTo(seconds, 6);
  });

  it.each(["", "1:02.500", "00:60.000", "60:00.000", "00:01.5", "00:01,500", "aa:bb.ccc", "00:01.5000"])("refuses %j", (text) => {
    expect(parseVttTimestamp(text)).toBeNull();
  });
});

describe("parseWebVtt", () => {
  it("reads cues with and without hours, identifiers and settings after the timing", () => {
    const cues = parseWebVtt(
      [
        "WEBVTT",
        "",
        "1",
        "00:00.500 --> 00:04.000",
        "Find a comfortable place to sit.",
        "",
        "intro-2",
        "00:00:05.000 --> 00:00:09.250 align:start line:90% position:10%",
        "Let your shoulders soften.",
        "",
        "01:00:00.000 --> 01:00:02.000 size:80%",
        "Welcome back.",
        "",
      ].join("\n"),
    );
    expect(cues).toEqual([
      { start: 0.5, end: 4, text: "Find a comfortable place to sit." },
      { start: 5, end: 9.25, text: "Let your shoulders soften." },
      { start: 3600, end: 3602, text: "Welcome back." },
    ]);
  });

  it("joins the lines of a multi-line cue and strips voice tags and entities", () => {
    const [cue] = parseWebVtt("WEBVTT\n\n00:01.000 --> 00:03.000\n<v Guide>Breathe in,</v>\n<i>and out</i> &amp; rest &lt;here&gt;\n");
    expect(cue).toEqual({ start: 1, end: 3, text: "Breathe in,\nand out & rest <here>" });
  });

  it("skips NOTE, STYLE and REGION blocks and the header's own lines", () => {
    const cues = parseWebVtt(
      [
        "WEBVTT - Arriving",
        "Kind: captions",
        "Language: en",
        "",
        "NOTE made from the script",
        "00:00.000 --> 00:01.000 this line is inside a note",
        "",
        "STYLE",
        "::cue { color: white }",
        "",
        "REGION",
        "id:low",
        "",
        "NOTE",
        "",
        "00:02.000 --> 00:03.000",
        "Only this one.",
      ].join("\n"),
    );
    expect(cues).toEqual([{ start: 2, end: 3, text: "Only this one." }]);
  });

  it("reads a byte-order mark, CRLF and lone CR line ends the same as LF", () => {
    const lf = "WEBVTT\n\n00:01.000 --> 00:02.000\nOne\ntwo\n\n00:03.000 --> 00:04.000\nThree\n";
    const expected = parseWebVtt(lf);
    expect(expected).toHaveLength(2);
    expect(parseWebVtt(`\uFEFF${lf.replace(/\n/g, "\r\n")}`)).toEqual(expected);
    expect(parseWebVtt(lf.replace(/\n/g, "\r"))).toEqual(expected);
  });

  it("treats whitespace-only lines as block breaks", () => {
    expect(parseWebVtt("WEBVTT\n \n00:01.000 --> 00:02.000\nOne\n\t\n00:03.000 --> 00:04.000\nTwo")).toHaveLength(2);
  });

  it("skips cues whose timing does not read or ends before it starts, and keeps the rest", () => {
    const cues = parseWebVtt(
      [
        "WEBVTT",
        "",
        "00:01.000 -> 00:02.000",
        "Arrow too short.",
        "",
        "00:05.000 --> 00:04.000",
        "Backwards.",
        "",
        "00:06.000 --> 00:06.000",
        "Empty span.",
        "",
        "0:07.000 --> 00:08.000",
        "Minutes need two digits.",
        "",
        "00:09.000 --> 00:10.000",
        "Kept.",
      ].join("\n"),
    );
    expect(cues).toEqual([{ start: 9, end: 10, text: "Kept." }]);
  });

  it("returns cues in start order, keeping the file's order for equal starts", () => {
    const cues = parseWebVtt(
      "WEBVTT\n\n00:05.000 --> 00:06.000\nlater\n\n00:01.000 --> 00:02.000\nfirst\n\n00:01.000 --> 00:03.000\nsecond\n",
    );
    expect(cues.map((cue) => cue.text)).toEqual(["first", "second", "later"]);
  });

  it("answers no cues for a header alone", () => {
    expect(parseWebVtt("WEBVTT")).toEqual([]);
    expect(parseWebVtt("WEBVTT\n\n")).toEqual([]);
  });

  it.each(["", "WEBVTTX\n\n00:01.000 --> 00:02.000\nhi", "<!doctype html><html>", '{"message":"You do not have access to this media."}'])(
    "refuses text that is not WebVTT: %j",
    (text) => {
      expect(() => parseWebVtt(text)).toThrow("Not a WebVTT file.");
    },
  );
});

describe("currentCueIndex", () => {
  const cues: Cue[] = [
    { start: 0.5, end: 4, text: "a" },
    { start: 5, end: 9, text: "b" },
    { start: 9, end: 12, text: "c" },
    { start: 20, end: 25, text: "d" },
  ];

  it.each([
    [0, -1],
    [0.5, 0],
    [3.999, 0],
    [4, -1],
    [4.5, -1],
    [5, 1],
    [9, 2],
    [11.9, 2],
    [15, -1],
    [24.99, 3],
    [25, -1],
    [1000, -1],
    [-3, -1],
    [Number.NaN, -1],
  ])("at %d s is %d", (seconds, index) => {
    expect(currentCueIndex(cues, seconds)).toBe(index);
  });

  it("answers -1 without cues", () => {
    expect(currentCueIndex([], 3)).toBe(-1);
  });

  it("prefers the cue that started last when cues overlap, and falls back to a long one still running", () => {
    const overlapping: Cue[] = [
      { start: 0, end: 30, text: "long" },
      { start: 2, end: 3, text: "short" },
      { start: 4, end: 5, text: "another" },
    ];
    expect(currentCueIndex(overlapping, 2.5)).toBe(1);
    expect(currentCueIndex(overlapping, 3.5)).toBe(0);
    expect(currentCueIndex(overlapping, 4.5)).toBe(2);
    expect(currentCueIndex(overlapping, 29)).toBe(0);
  });

  it("agrees with a brute-force search on random cue lists and times", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const bruteForce = (list: readonly Cue[], seconds: number) => {
      let found = -1;
      list.forEach((cue, index) => {
        if (cue.start <= seconds && seconds < cue.end) found = index;
      });
      return found;
    };
    for (let round = 0; round < 300; round++) {
      const count = Math.floor(random() * 12);
      const list = Array.from({ length: count }, () => {
        const start = Math.round(random() * 600) / 10;
        return { start, end: start + 0.1 + Math.round(random() * (round % 3 === 0 ? 200 : 40)) / 10, text: "" };
      }).sort((a, b) => a.start - b.start);
      for (let probe = 0; probe < 40; probe++) {
        const seconds = round % 2 === 0 ? Math.round(random() * 700) / 10 : random() * 70;
        expect(currentCueIndex(list, seconds), `${JSON.stringify(list)} at ${seconds}`).toBe(bruteForce(list, seconds));
      }
    }
  });
});
