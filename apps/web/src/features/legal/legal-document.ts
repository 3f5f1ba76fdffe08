/**
 * A static legal text. Strings may contain the placeholders `{product}` (the configured
 * product name) and `{email}` (the support address); the page replaces them when it renders.
 */
export interface LegalSection {
  heading: string;
  /** Paragraphs shown in order before the list, if any. */
  paragraphs: string[];
  /** An optional bulleted list shown after the paragraphs. */
  list?: string[];
  /** Optional paragraphs shown after the list. */
  after?: string[];
}

export interface LegalDocument {
  title: string;
  /** Human-readable revision line, e.g. "Last revised: August 2022". */
  revised: string;
  /** Introductory paragraphs above the first section. */
  intro: string[];
  sections: LegalSection[];
}
