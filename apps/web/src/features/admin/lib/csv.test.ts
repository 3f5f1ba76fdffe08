import { describe, expect, it } from "vitest";
import { csvText } from "./csv";

describe("csvText", () => {
  it("quotes what needs quoting and ends lines with CRLF", () => {
    expect(
      csvText([
        ["Day", "Net"],
        ["Nov 29, 2026", "$5.00 · €4.00"],
        ['Say "hi"', "a\nb"],
      ]),
    ).toBe('Day,Net\r\n"Nov 29, 2026",$5.00 · €4.00\r\n"Say ""hi""","a\nb"\r\n');
  });

  it("keeps numbers as numbers and turns a formula-looking text into text", () => {
    expect(csvText([[-500, "-500", '=HYPERLINK("x")', "@SUM(A1)", "+1"]])).toBe(`-500,-500,"'=HYPERLINK(""x"")",'@SUM(A1),'+1\r\n`);
  });
});
