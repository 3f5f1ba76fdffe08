import { z } from "zod";
import { paged } from "./common.ts";
import { Earned } from "./progress.ts";

/**
 * A member's notes (spec 001 sections 2, 3, 7 and 9; decision 033): private text a member keeps, listed
 * newest first, 20 to a page. Every call is the signed-in member's own; another member's note is 404.
 */
export const NOTE_TITLE_MAX = 120;
export const NOTE_CONTENT_MAX = 10_000;

const required = (field: string) => `The ${field} field is required.`;
const string = (field: string) =>
  z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? required(field) : `The ${field} field must be a string.`),
  });
const tooLong = (field: string, max: number) => `The ${field} field must not be greater than ${max} characters.`;

// POST /user/notes and PUT /user/notes/{id}: the whole note (unknown fields are ignored).
export const NoteBody = z.object({
  /** Trimmed; 1 to 120 characters. */
  title: string("title").trim().min(1, required("title")).max(NOTE_TITLE_MAX, tooLong("title", NOTE_TITLE_MAX)),
  /** Kept as written (line breaks and spacing are the member's); not blank; up to 10,000 characters. */
  content: string("content")
    .max(NOTE_CONTENT_MAX, tooLong("content", NOTE_CONTENT_MAX))
    .refine((value) => value.trim().length > 0, required("content")),
});
export type NoteBody = z.infer<typeof NoteBody>;

/** The note named in the address. Any text is accepted here; a malformed id is simply not found (404). */
export const NoteParams = z.object({ id: z.string() });

export const Note = z
  .object({
    id: z.string(),
    title: z.string(),
    content: z.string(),
    /** What the list shows: when the note was written (ISO 8601, UTC), the same instant as created_at. */
    date: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Note" });
export type Note = z.infer<typeof Note>;

export const NoteList = paged(Note);
export type NoteList = z.infer<typeof NoteList>;
/** `earned`: on POST only, the badges the new note earned. */
export const NoteResponse = z.object({ data: Note, earned: Earned.optional() });
export type NoteResponse = z.infer<typeof NoteResponse>;

export const NOTE_DELETED_MESSAGE = "Successfully deleted";
/** DELETE answers: the spec's success message. */
export const DeletedResponse = z.object({ message: z.literal(NOTE_DELETED_MESSAGE) }).meta({ id: "Deleted" });
export type DeletedResponse = z.infer<typeof DeletedResponse>;
