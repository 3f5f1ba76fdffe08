/** Plain pages of the offline sandbox providers (sign-in, card approval, wallet approval), styled by /sandbox/identity/sandbox.css. */

export const escape = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

export function page(title: string, body: string, script = false) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="/sandbox/identity/sandbox.css">${script ? '<script src="/sandbox/identity/autopost.js" defer></script>' : ""}</head><body><main>${body}</main></body></html>`;
}

export const hidden = (fields: Record<string, string | undefined>) =>
  Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join("");
