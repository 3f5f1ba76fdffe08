export const CHROMIUM: string;
export const HEADLESS_SHELL: string;
export function journeyChromium(): string;
export function ensureChromium(): string;
