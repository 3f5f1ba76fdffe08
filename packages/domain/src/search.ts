/**
 * How search reads what a member types (decision 041). Words are matched as typed first (full-text,
 * each word also as a prefix); a word that finds nothing as typed may match a name or tag that is
 * spelt close to it (trigram word similarity, pg_trgm), so "meditaton" still finds "meditation".
 */

/** The most words a search looks at, and the longest word. */
export const SEARCH_MAX_WORDS = 8;
export const SEARCH_MAX_WORD_LENGTH = 40;

/** Shorter words are only matched as typed: two or three letters are too few to guess a misspelling. */
export const TYPO_MIN_LENGTH = 4;

/**
 * The least trigram word similarity (0 to 1) for a misspelt word to match: low enough for a swapped
 * pair of letters ("anxeity", about 0.37), high enough to leave unrelated words out.
 */
export const TYPO_SIMILARITY = 0.35;

/** The wait after the last keystroke before the results follow what is typed, in milliseconds. */
export const SEARCH_TYPING_DELAY_MS = 300;

/** Words of a search, lower case, letters and digits only (safe for to_tsquery), at most 8. */
export function searchWords(text: string | undefined | null): string[] {
  return (text ?? "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, SEARCH_MAX_WORD_LENGTH))
    .slice(0, SEARCH_MAX_WORDS);
}

/** Whether a word that finds nothing as typed may be matched as a misspelling. */
export const mayBeMisspelt = (word: string): boolean => [...word].length >= TYPO_MIN_LENGTH;
