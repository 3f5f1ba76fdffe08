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
