import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, renderPage } from "../../../test/render";
import { FavoriteButton } from "./favorite-button";

const item = { id: 7, model: "meditation-sleep" as const, name: "Morning Light" };

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("favourite button", () => {
  it("turns on only after POST /user/favorite succeeded, and off after DELETE", async () => {
    window.localStorage.setItem("t", "token");
    const gate = deferred();
    const api = mockApi({
      "POST user/favorite": async () => {
        await gate.promise;
        return [200, { data: { ...item, favorite: true } }];
      },
      "DELETE user/favorite": [200, { data: { ...item, favorite: false } }],
    });
    renderPage(() => <FavoriteButton item={item} initial={false} />, { at: "/meditation-sleep/7" });
    const button = screen.getByRole("button", { name: "Favourite" });
    expect(button.getAttribute("aria-pressed")).toBe("false");
    const user = userEvent.setup();
    await user.click(button);
    await waitFor(() => expect(api.named("POST user/favorite")).toHaveLength(1));
    // The call is still on its way: nothing changed yet.
    expect(button.getAttribute("aria-pressed")).toBe("false");
    expect(api.named("POST user/favorite")[0]!.body).toEqual({ id: 7, model: "meditation-sleep" });
    gate.resolve();
    await waitFor(() => expect(button.getAttribute("aria-pressed")).toBe("true"));

    await user.click(button);
    await waitFor(() => expect(button.getAttribute("aria-pressed")).toBe("false"));
    expect(api.named("DELETE user/favorite")[0]!.body).toEqual({ id: 7, model: "meditation-sleep" });
  });

  it("stays as it was when the call fails", async () => {
    window.localStorage.setItem("t", "token");
    const api = mockApi({ "POST user/favorite": [500, { message: "Server Error" }] });
    renderPage(() => <FavoriteButton item={item} initial={false} look="icon" />, { at: "/meditation-sleep/7" });
    const button = screen.getByRole("button", { name: "Like Morning Light" });
    await userEvent.setup().click(button);
    await waitFor(() => expect(api.named("POST user/favorite")).toHaveLength(1));
    await waitFor(() => expect(button.hasAttribute("disabled")).toBe(false));
    expect(button.getAttribute("aria-pressed")).toBe("false");
  });
});
