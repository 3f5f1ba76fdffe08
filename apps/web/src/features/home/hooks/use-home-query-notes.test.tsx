import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useToastStore } from "../../../components/ui/toast-store";
import { analytics } from "../../../lib/analytics";
import { mockApi, renderPage } from "../../../test/render";
import { untilIdle } from "../../../test/settle";
import { useHomeQueryNotes } from "./use-home-query-notes";

function Home() {
  useHomeQueryNotes();
  return <p>home</p>;
}

describe("/home query parameters", () => {
  it("shows message as an info toast and takes it out of the address", async () => {
    mockApi({});
    const { router } = renderPage(Home, { at: "/home?message=Welcome%20back&keep=1", strict: true });
    await screen.findByText("home");
    await waitFor(() => expect(router.state.location.search).toBe("?keep=1"));
    // Once, even though strict mode runs effects twice.
    expect(useToastStore.getState().toasts).toEqual([expect.objectContaining({ kind: "info", message: "Welcome back" })]);
  });

  it("sends a purchase event with the package's currency and amount", async () => {
    const track = vi.spyOn(analytics, "track");
    mockApi({ "GET package/7": [200, { data: { id: 7, currency: "EUR", amount: 59.99 } }], "POST events": [204] });
    const { router } = renderPage(Home, { at: "/home?event=purchase&package_id=7" });
    await waitFor(() => expect(track).toHaveBeenCalledWith("Purchase", { currency: "EUR", value: 59.99, package_id: "7" }));
    expect(router.state.location.search).toBe("");
  });

  it("sends nothing when the package cannot be read, and still removes the parameters", async () => {
    const track = vi.spyOn(analytics, "track");
    const { named } = mockApi({ "GET package/8": [404, { message: "Not found." }] });
    const { router, queryClient } = renderPage(Home, { at: "/home?event=purchase&package_id=8" });
    await waitFor(() => expect(named("GET package/8")).toHaveLength(1));
    await untilIdle(queryClient);
    expect(track).not.toHaveBeenCalledWith("Purchase", expect.anything());
    expect(router.state.location.search).toBe("");
  });
});
