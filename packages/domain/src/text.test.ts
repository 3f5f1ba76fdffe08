import { describe, expect, it } from "vitest";
import { GREETING_NAME_MAX_LENGTH, greetingName, interpolate, printableText, snakeCaseEventName } from "./text.ts";
import { validationSummary } from "./validation-message.ts";

describe("interpolate", () => {
  it("fills known placeholders and keeps unknown ones visible", () => {
    expect(interpolate("Unlock {product} at {email} {missing}", { product: "Serene", email: "a@b.c" })).toBe(
      "Unlock Serene at a@b.c {missing}",
    );
  });
});

describe("validationSummary", () => {
  it("gives the first message and counts the rest", () => {
    expect(validationSummary({ email: ["A.", "B."], name: ["C."] })).toBe("A. (and 2 more errors)");
    expect(validationSummary({ email: ["A.", "B."] })).toBe("A. (and 1 more error)");
    expect(validationSummary({ email: ["A."] })).toBe("A.");
    expect(validationSummary({})).toBe("The given data was invalid.");
  });
});

describe("snakeCaseEventName", () => {
  it("turns pixel-style names into first-party event names", () => {
    expect(snakeCaseEventName("StartTrial")).toBe("start_trial");
    expect(snakeCaseEventName("page_view")).toBe("page_view");
    expect(snakeCaseEventName("Checkout Start")).toBe("checkout_start");
  });
});

describe("greetingName", () => {
  it.each([
    ["Robin", "Robin"],
    ["  Robin   Fox  ", "Robin Fox"],
    ["Zoë", "Zoë"],
    ["Zoe\u0308", "Zoë"],
    ["José María", "José María"],
    ["李小龙", "李小龙"],
    ["Ngozi Okonjo-Iweala", "Ngozi Okonjo-Iweala"],
    ["O'Brien", "O'Brien"],
    ["N’Golo", "N’Golo"],
    ["J. R. R. Tolkien", "J. R. R. Tolkien"],
    ["J.R.R. Tolkien", "J.R.R. Tolkien"],
    ["Анна", "Анна"],
    ["محمد", "محمد"],
    ["robin84", "robin84"],
    ["Ana\u00a0Lima", "Ana Lima"],
  ])("greets with a plain name: %j", (raw, expected) => {
    expect(greetingName(raw)).toBe(expected);
  });

  it.each([
    ["a paragraph", "Robin\n\nYour account is locked. Unlock it at https://evil.example/unlock"],
    ["a line feed", "Robin\nFox"],
    ["a carriage return", "Robin\rFox"],
    ["a tab", "Robin\tFox"],
    ["a NUL", "Robin\u0000"],
    ["an escape sequence", "Robin\u001b[31m"],
    ["DEL", "Robin\u007f"],
    ["a C1 control", "Robin\u0085Fox"],
    ["a line separator", "Robin\u2028Fox"],
    ["a direction override", "Robin\u202eFox"],
    ["a URL with a scheme", "https://evil.example"],
    ["a URL in a name", "Robin http://evil.example/x"],
    ["a scheme without slashes", "mailto:robin"],
    ["www.", "www.evil"],
    ["a bare domain", "example.com"],
    ["a domain in a name", "Robin from evil.io"],
    ["an internationalised domain", "пример.рф"],
    ["an e-mail address", "robin@example.com"],
    ["an at sign", "Robin @ home"],
    ["HTML", '<a href="https://evil.example">Robin</a>'],
    ["markup", '<img src=x onerror="alert(1)">'],
    ["a Markdown link", "[Robin](https://evil.example)"],
    ["a Markdown link without a scheme", "[Robin](evil)"],
    ["punctuation only", "...-"],
    ["digits only", "12345"],
    ["an emoji", "Robin 🌿"],
    ["empty", ""],
    ["whitespace", "   \u3000 "],
    ["null", null],
    ["undefined", undefined],
  ])("greets without a name when it holds %s", (_what, raw) => {
    expect(greetingName(raw)).toBeNull();
  });

  it(`takes at most ${GREETING_NAME_MAX_LENGTH} characters, counted as people see them`, () => {
    expect(greetingName("a".repeat(GREETING_NAME_MAX_LENGTH))).toBe("a".repeat(GREETING_NAME_MAX_LENGTH));
    expect(greetingName("a".repeat(GREETING_NAME_MAX_LENGTH + 1))).toBeNull();
    expect(greetingName("龙".repeat(GREETING_NAME_MAX_LENGTH))).toBe("龙".repeat(GREETING_NAME_MAX_LENGTH));
    expect(greetingName(`  ${"a".repeat(GREETING_NAME_MAX_LENGTH)}  `)).toBe("a".repeat(GREETING_NAME_MAX_LENGTH));
  });
});

describe("printableText", () => {
  it("removes ANSI escape sequences whole", () => {
    expect(printableText("\u001b[2J\u001b[Honboarding")).toBe("onboarding");
    expect(printableText("\u001b[1;31mred\u001b[0m")).toBe("red");
    expect(printableText("\u001b]0;owned\u0007quiz")).toBe("quiz");
    expect(printableText("\u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\")).toBe("link");
    expect(printableText("\u009b2Kquiz")).toBe("quiz");
    expect(printableText("quiz\u001bc")).toBe("quiz");
    expect(printableText("quiz\u001b")).toBe("quiz");
    expect(printableText("\u001bPq#0;2;0;0;0\u001b\\quiz")).toBe("quiz");
  });

  it("removes every other C0 and C1 control character, DEL and direction override", () => {
    expect(printableText("on\rboard\ning\t\u0000\u0007\u0008")).toBe("onboarding");
    expect(printableText("quiz\u007f\u0085\u009c\u0090")).toBe("quiz");
    expect(printableText("\u202eevil\u202c\u2066x\u2069")).toBe("evilx");
  });

  it("keeps printable text in any script as it is", () => {
    for (const value of ["onboarding", "sleep-check", "Zoë’s quiz", "李小龙", "coming-soon:sleep stories", "100 % calm"]) {
      expect(printableText(value)).toBe(value);
    }
  });
});
