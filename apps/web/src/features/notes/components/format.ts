const noteDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric" });

/** A note's date as the list and the note show it ("3 March 2026"), in the member's own calendar. */
export const formatNoteDate = (iso: string) => noteDate.format(new Date(iso));
