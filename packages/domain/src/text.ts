/**
 * Replaces `{name}` placeholders with values; unknown placeholders stay as they are,
 * so a missing value is visible instead of silently blank.
 */
export function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.prototype.hasOwnProperty.call(values, key) ? values[key]! : whole,
  );
}
