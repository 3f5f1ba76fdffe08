/**
 * Replaces `{name}` placeholders with values; unknown placeholders stay as they are,
 * so a missing value is visible instead of silently blank.
 */
export function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.prototype.hasOwnProperty.call(values, key) ? values[key]! : whole));
}

/** `StartTrial` → `start_trial`: the first-party event name for a pixel-style event name. */
export function snakeCaseEventName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
}

/** The longest name an e-mail greets someone with; a longer one is not a name but a message. */
export const GREETING_NAME_MAX_LENGTH = 50;

/**
 * What a person's name in a name field may hold to be greeted with: letters of any script with
 * their combining marks, digits, spaces, and the apostrophes, hyphens and dots names are written with
 * (O'Brien, N’Golo, Anne-Marie, J. R. R. Tolkien). Nothing else: no `<`, `[`, `(`, `:`, `/` or `@`,
 * so no markup, link syntax, scheme or address survives; ZWJ and ZWNJ stay, as some scripts spell
 * names with them.
 */
const PLAIN_NAME = /^[\p{L}\p{M}\p{N}\p{Zs}'’ʼ.\-‐‑\u200c\u200d]+$/u;
/** A dot joining a letter or digit to two more, as in a domain (example.com, www.x.io); not an initial (J.R.R., St. John). */
const DOMAIN_LIKE = /[\p{L}\p{N}]\.[\p{L}\p{N}]{2}/u;

/**
 * The name an e-mail may greet a person with, or null to greet them without one ("Hello,").
 *
 * A name field is free text anyone can fill (a lead's form, a registration), and whatever it holds
 * lands in an e-mail sent from the product's own address. So only a plain name is used: at most
 * GREETING_NAME_MAX_LENGTH characters (after trimming and joining runs of spaces), with no line break,
 * tab or other control character, no direction override, and nothing that reads as an address or a
 * link: no e-mail address, no scheme (https:, mailto:), no domain (www.example.com, example.com), no
 * HTML or Markdown link syntax. It must hold at least one letter. Anything else is not guessed at or
 * cut down to something that looks like a name: the person is greeted without one.
 */
export function greetingName(raw: string | null | undefined): string | null {
  if (typeof raw !== "string") return null;
  const name = raw
    .normalize("NFC")
    .trim()
    .replace(/\p{Zs}+/gu, " ");
  if (name === "" || [...name].length > GREETING_NAME_MAX_LENGTH) return null;
  if (!PLAIN_NAME.test(name) || !/\p{L}/u.test(name) || DOMAIN_LIKE.test(name)) return null;
  return name;
}

/**
 * ANSI escape sequences: CSI (`ESC [` or the 8-bit CSI, parameters, a final byte), OSC, DCS, SOS, PM and
 * APC strings (up to BEL or the string terminator, or to the end), and two-byte escapes (`ESC c`).
 */
const ANSI_SEQUENCE =
  // eslint-disable-next-line no-control-regex -- finding control sequences is this expression's job
  /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[\u0020-\u002f]*[\u0030-\u007e]?/g;
/** C0 controls, DEL, C1 controls, and the characters that reorder how a line reads (bidirectional overrides and isolates). */
const CONTROL_CHARACTER = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Text that came from someone else (an anonymous event's property), made safe to print on a terminal
 * or into a report: ANSI escape sequences are removed whole (so none can move the cursor, clear the
 * screen, retitle the window or hide a line), then every remaining C0 and C1 control character, DEL,
 * and bidirectional override or isolate. Everything printable, in any script, stays as it was.
 */
export function printableText(value: string): string {
  return value.replace(ANSI_SEQUENCE, "").replace(CONTROL_CHARACTER, "");
}
