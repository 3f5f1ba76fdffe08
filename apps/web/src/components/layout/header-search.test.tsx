import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, renderPage } from "../../test/render";
import { HEADER_TAG_LIMIT, HeaderSearch, headerTags, searchHref } from "./header-search";

const TAGS = { data: Array.from({ length: 15 }, (_, index) => ({ id: index + 1, name: `Tag ${index + 1}`, slug: `tag-${index + 1}` })) };

describe("header search", () => {
  it("fills its inputs from s and tags on /search-result and shows at most 12 tags", async () => {
    mockApi({ "GET tags": [200, TAGS] });
    renderPage(HeaderSearch, { at: "/search-result?s=calm&tags=tag-2,tag-3" });
    const form = screen.getByRole("search");
    expect((within(form).getByLabelText("Search") as HTMLInputElement).value).toBe("calm");
    await within(form).findByRole("button", { name: "Tag 1" });
    expect(
      within(form)
        .getAllByRole("button", { pressed: true })
        .map((chip) => chip.textContent),
    ).toEqual(["Tag 2", "Tag 3"]);
    expect(within(screen.getByRole("group", { name: "Search tags" })).getAllByRole("button")).toHaveLength(HEADER_TAG_LIMIT);
  });

  it("keeps chosen tags among the 12 it shows, even those past the first 12", async () => {
    mockApi({ "GET tags": [200, TAGS] });
    renderPage(HeaderSearch, { at: "/search-result?tags=tag-2,tag-14" });
    const form = screen.getByRole("search");
    await within(form).findByRole("button", { name: "Tag 14" });
    const chips = within(screen.getByRole("group", { name: "Search tags" })).getAllByRole("button");
    expect(chips).toHaveLength(HEADER_TAG_LIMIT);
    expect(
      within(form)
        .getAllByRole("button", { pressed: true })
        .map((chip) => chip.textContent),
    ).toEqual(["Tag 2", "Tag 14"]);
    expect(headerTags(TAGS.data, ["tag-15"]).map((tag) => tag.slug)).toEqual([...TAGS.data.slice(0, 11).map((tag) => tag.slug), "tag-15"]);
    expect(headerTags(TAGS.data.slice(0, 3), [])).toHaveLength(3);
  });

  it("opens from the header and submits text and tags to /search-result", async () => {
    mockApi({ "GET tags": [200, TAGS] });
    const { router } = renderPage(HeaderSearch, { at: "/home" });
    expect(screen.queryByRole("search")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    const form = screen.getByRole("search");
    await userEvent.type(within(form).getByLabelText("Search"), "sleep well");
    await userEvent.click(await within(form).findByRole("button", { name: "Tag 4" }));
    await userEvent.click(within(form).getByRole("button", { name: "Tag 1" }));
    await userEvent.click(within(form).getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/search-result"));
    expect(router.state.location.search).toBe("?s=sleep%20well&tags=tag-4,tag-1");
  });

  it("follows typing on /search-result about 300 ms after the last key, keeping the field as it is", async () => {
    mockApi({ "GET tags": [200, TAGS] });
    const { router } = renderPage(HeaderSearch, { at: "/search-result?s=ca" });
    const field = within(screen.getByRole("search")).getByLabelText("Search") as HTMLInputElement;
    await userEvent.type(field, "lm sle");
    // Not on every key: the address waits for a pause.
    expect(router.state.location.search).toBe("?s=ca");
    await waitFor(() => expect(router.state.location.search).toBe("?s=calm%20sle"));
    expect(router.state.historyAction).toBe("REPLACE");
    await userEvent.type(field, "ep");
    await waitFor(() => expect(router.state.location.search).toBe("?s=calm%20sleep"));
    // The same field, still focused, still holding what was typed.
    expect(within(screen.getByRole("search")).getByLabelText("Search")).toBe(field);
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe("calm sleep");

    await userEvent.click(await screen.findByRole("button", { name: "Tag 3" }));
    await waitFor(() => expect(router.state.location.search).toBe("?s=calm%20sleep&tags=tag-3"));
    expect(screen.getByRole("button", { name: "Tag 3" }).getAttribute("aria-pressed")).toBe("true");
    // Focus stays on the chip that was pressed.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Tag 3" }));

    await userEvent.clear(field);
    await userEvent.click(screen.getByRole("button", { name: "Tag 3" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(router.state.location.pathname).toBe("/search-result");
  });

  it("takes typing elsewhere to the results after a pause, and an address from elsewhere refills the form", async () => {
    mockApi({ "GET tags": [200, TAGS] });
    const { router } = renderPage(HeaderSearch, {
      path: "/home",
      at: "/home",
      routes: [{ path: "/search-result", Component: HeaderSearch }],
    });
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    await userEvent.type(within(screen.getByRole("search")).getByLabelText("Search"), "rain");
    expect(router.state.location.pathname).toBe("/home");
    await waitFor(() => expect(router.state.location.pathname).toBe("/search-result"));
    expect(router.state.location.search).toBe("?s=rain");
    expect(router.state.historyAction).toBe("PUSH");
    const field = within(screen.getByRole("search")).getByLabelText("Search") as HTMLInputElement;
    expect(field.value).toBe("rain");
    await waitFor(() => expect(document.activeElement).toBe(field));

    // A search address from a link or the history fills the form again.
    await act(async () => router.navigate("/search-result?s=ocean"));
    await waitFor(() => expect((within(screen.getByRole("search")).getByLabelText("Search") as HTMLInputElement).value).toBe("ocean"));
  });

  it("loses no key typed while the results page is still arriving", async () => {
    mockApi({ "GET tags": [200, TAGS] });
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const { router } = renderPage(HeaderSearch, {
      path: "/home",
      at: "/home",
      // The results page's code is still on its way when the typing opens it.
      routes: [{ path: "/search-result", lazy: async () => arrived.then(() => ({ Component: HeaderSearch })) }],
    });
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    const field = within(screen.getByRole("search")).getByLabelText("Search");
    await userEvent.type(field, "rain");
    await waitFor(() => expect(router.state.navigation.location?.search).toBe("?s=rain"));
    // The member keeps typing into the field they see.
    await userEvent.type(field, " forest");
    await act(async () => arrive());
    await waitFor(() => expect(router.state.location.pathname).toBe("/search-result"));
    const results = within(screen.getByRole("search")).getByLabelText("Search") as HTMLInputElement;
    expect(results.value).toBe("rain forest");
    expect(document.activeElement).toBe(results);
    // The address catches up after the usual pause.
    await waitFor(() => expect(router.state.location.search).toBe("?s=rain%20forest"));
  });

  it("builds the results address", () => {
    expect(searchHref("calm", [])).toBe("/search-result?s=calm");
    expect(searchHref("", ["a", "b"])).toBe("/search-result?tags=a,b");
    expect(searchHref("", [])).toBe("/search-result");
  });
});
