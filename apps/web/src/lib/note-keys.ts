/**
 * The member's notes are read by the notes pages and written from elsewhere too (a workbook's result page
 * saves its summary as a note): both use this root key, so a new note refreshes every notes list.
 */
export const noteKeys = {
  all: ["notes"] as const,
};
