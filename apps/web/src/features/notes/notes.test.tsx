import type { Note } from "@serene/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useParams } from "react-router";
import { describe, expect, it } from "vitest";
import { useToastStore } from "../../components/ui/toast-store";
import { mockApi, renderPage, validation } from "../../test/render";
import { NoteDetail, NoteEdit, NoteForm, NotesList } from "./index";

const note = (index: number, overrides: Partial<Note> = {}): Note => ({
  id: `note-${index}`,
  title: `Evening walk ${index}`,
  content: `Noticed the light on the river.\nFelt calmer afterwards.`,
  date: "2026-11-24T18:30:00.000Z",
  created_at: "2026-11-24T18:30:00.000Z",
  updated_at: "2026-11-24T18:30:00.000Z",
  ...overrides,
});
const page = (notes: Note[], current = 1, total = notes.length) => ({
  data: notes,
  meta: { current_page: current, per_page: 20, total, last_page: Math.max(1, Math.ceil(total / 20)) },
});

function DetailRoute() {
  const { id = "" } = useParams();
  return <NoteDetail id={id} />;
}
function EditRoute() {
  const { id = "" } = useParams();
  return <NoteEdit id={id} />;
}

describe("notes list", () => {
  it("says exactly 'No notes found' when there are none, beside the add button", async () => {
    mockApi({ "GET user/notes": [200, page([])] });
    renderPage(NotesList, { at: "/profile/notes" });
    expect(await screen.findByText("No notes found")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Add note/ }).getAttribute("href")).toBe("/profile/notes/create");
    expect(screen.queryByRole("navigation", { name: "Notes pages" })).toBeNull();
  });

  it("shows title, text and date of each note, 20 a page, with paging", async () => {
    const api = mockApi({
      "GET user/notes": (call) =>
        call.query.get("page") === "2"
          ? [200, page([note(21)], 2, 21)]
          : [
              200,
              page(
                Array.from({ length: 20 }, (_, index) => note(index + 1)),
                1,
                21,
              ),
            ],
    });
    const { router } = renderPage(NotesList, { at: "/profile/notes" });
    const first = await screen.findByRole("link", { name: /Evening walk 1\b/ });
    expect(first.getAttribute("href")).toBe("/profile/notes/note-1");
    expect(within(first).getByText(/Noticed the light on the river/)).toBeTruthy();
    expect(within(first).getByText("24 November 2026")).toBeTruthy();
    expect(screen.getAllByRole("listitem")).toHaveLength(20);
    expect(api.named("GET user/notes")[0]!.query.get("per_page")).toBe("20");
    expect(api.named("GET user/notes")[0]!.query.get("page")).toBe("1");

    const pager = screen.getByRole("navigation", { name: "Notes pages" });
    expect(within(pager).getByText("Page 1 of 2 · 21 notes")).toBeTruthy();
    expect(within(pager).queryByRole("link", { name: /Newer/ })).toBeNull();
    await userEvent.setup().click(within(pager).getByRole("link", { name: /Older/ }));
    await waitFor(() => expect(router.state.location.search).toBe("?page=2"));
    expect(await screen.findByRole("link", { name: /Evening walk 21/ })).toBeTruthy();
    expect(api.named("GET user/notes").at(-1)!.query.get("page")).toBe("2");
    expect(
      within(screen.getByRole("navigation", { name: "Notes pages" }))
        .getByRole("link", { name: /Newer/ })
        .getAttribute("href"),
    ).toBe("/profile/notes");
  });
});

describe("writing a note", () => {
  it("shows the server's message under each field", async () => {
    mockApi({
      "POST user/notes": validation({ title: ["The title field is required."], content: ["The content field is required."] }),
    });
    renderPage(NoteForm, { at: "/profile/notes/create" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Save note" }));
    expect(await screen.findByText("The title field is required.")).toBeTruthy();
    expect(screen.getByText("The content field is required.")).toBeTruthy();
    expect(screen.getByLabelText("Title").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Your note").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the limit's message when writing too fast", async () => {
    mockApi({ "POST user/notes": [429, { message: "Too many attempts. Please try again in 30 seconds." }] });
    renderPage(NoteForm, { at: "/profile/notes/create" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Title"), "A thought");
    await user.type(screen.getByLabelText("Your note"), "Something kind.");
    await user.click(screen.getByRole("button", { name: "Save note" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Too many attempts. Please try again in 30 seconds.");
  });

  it("saves title and text as written, then opens the note", async () => {
    const api = mockApi({ "POST user/notes": [201, { data: note(5, { title: "A thought" }) }] });
    const { router } = renderPage(NoteForm, { at: "/profile/notes/create" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Title"), "A thought");
    await user.type(screen.getByLabelText("Your note"), "Line one{enter}Line two");
    await user.click(screen.getByRole("button", { name: "Save note" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile/notes/note-5"));
    expect(api.named("POST user/notes")[0]!.body).toEqual({ title: "A thought", content: "Line one\nLine two" });
  });

  it("edits a note with PUT and its current words filled in", async () => {
    const api = mockApi({
      "GET user/notes/note-3": [200, { data: note(3) }],
      "PUT user/notes/note-3": [200, { data: note(3, { title: "Evening walk, edited" }) }],
    });
    const { router } = renderPage(EditRoute, { path: "/profile/notes/:id/edit", at: "/profile/notes/note-3/edit" });
    const title = await screen.findByLabelText("Title");
    expect((title as HTMLInputElement).value).toBe("Evening walk 3");
    const user = userEvent.setup();
    await user.clear(title);
    await user.type(title, "Evening walk, edited");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile/notes/note-3"));
    expect(api.named("PUT user/notes/note-3")[0]!.body).toEqual({ title: "Evening walk, edited", content: note(3).content });
  });
});

describe("one note", () => {
  it("shows date, title and text with its line breaks, and a way back", async () => {
    mockApi({ "GET user/notes/note-1": [200, { data: note(1) }] });
    renderPage(DetailRoute, { path: "/profile/notes/:id", at: "/profile/notes/note-1" });
    expect(await screen.findByRole("heading", { name: "Evening walk 1" })).toBeTruthy();
    expect(screen.getByText("24 November 2026")).toBeTruthy();
    expect(screen.getByText(/Noticed the light/).textContent).toBe("Noticed the light on the river.\nFelt calmer afterwards.");
    expect(screen.getByRole("button", { name: /Back/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Edit" }).getAttribute("href")).toBe("/profile/notes/note-1/edit");
  });

  it("asks 'Are you sure?' before deleting, then says 'Successfully deleted' and returns to the list", async () => {
    const api = mockApi({
      "GET user/notes/note-1": [200, { data: note(1) }],
      "DELETE user/notes/note-1": [200, { message: "Successfully deleted" }],
    });
    const { router } = renderPage(DetailRoute, { path: "/profile/notes/:id", at: "/profile/notes/note-1" });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Are you sure?" });
    // Keeping it changes nothing.
    await user.click(within(dialog).getByRole("button", { name: "Keep it" }));
    expect(api.named("DELETE user/notes/note-1")).toHaveLength(0);
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Delete" }));
    await user.click(within(screen.getByRole("dialog", { name: "Are you sure?" })).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile/notes"));
    expect(api.named("DELETE user/notes/note-1")).toHaveLength(1);
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual(["Successfully deleted"]);
  });

  it("shows a friendly not-found for an unknown id, without an error toast", async () => {
    mockApi({ "GET user/notes/nope": [404, { message: "Note not found." }] });
    renderPage(DetailRoute, { path: "/profile/notes/:id", at: "/profile/notes/nope" });
    expect(await screen.findByRole("heading", { name: "We could not find this note" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to your notes" }).getAttribute("href")).toBe("/profile/notes");
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});
