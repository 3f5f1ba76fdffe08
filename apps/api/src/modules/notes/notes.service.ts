import {
  NOTE_DELETED_MESSAGE,
  type DeletedResponse,
  type EarnedAchievement,
  type NoteBody,
  type NoteList,
  type NoteResponse,
} from "@serene/contracts";
import { pageMeta, pageOffset, type PageRequest } from "@serene/domain";
import { notFound } from "../../domain-errors.ts";
import { ownedIdOr404 } from "../../http/ids.ts";
import { presentNote } from "./notes.presenter.ts";
import type { NoteRow, NotesRepository } from "./notes.repository.ts";

export const NOTE_NOT_FOUND = "Note not found.";

/**
 * The member's notes (decision 033). Each call is the signed-in member's own: a note of another member, an
 * id nobody has and a malformed id all answer the same 404, so a note's existence is never revealed.
 */
export function createNotesService(
  repository: NotesRepository,
  /** Badges a new note may earn (note_taker, the_basics); none when not given. */
  awards?: { award(userId: string): Promise<EarnedAchievement[]> },
) {
  /** A malformed id cannot name a note: it is not found, without asking the database (which would refuse it). */
  const idOf = (id: string) => ownedIdOr404(id, NOTE_NOT_FOUND);
  const found = (row: NoteRow | null): NoteResponse => {
    if (!row) throw notFound(NOTE_NOT_FOUND);
    return { data: presentNote(row) };
  };

  return {
    /** GET /user/notes: newest first; a page past the end is empty, with the right meta. */
    async list(userId: string, request: PageRequest): Promise<NoteList> {
      const { rows, total } = await repository.page(userId, request.perPage, pageOffset(request));
      return { data: rows.map(presentNote), meta: pageMeta(total, request) };
    },
    read: async (userId: string, id: string) => found(await repository.find(userId, idOf(id))),
    async create(userId: string, body: NoteBody): Promise<NoteResponse> {
      const note = found(await repository.create(userId, body.title, body.content));
      return { ...note, earned: awards ? await awards.award(userId) : [] };
    },
    update: async (userId: string, id: string, body: NoteBody) =>
      found(await repository.update(userId, idOf(id), body.title, body.content)),
    async remove(userId: string, id: string): Promise<DeletedResponse> {
      if (!(await repository.remove(userId, idOf(id)))) throw notFound(NOTE_NOT_FOUND);
      return { message: NOTE_DELETED_MESSAGE };
    },
  };
}
export type NotesService = ReturnType<typeof createNotesService>;
