import type { ComingSoonPage } from "@serene/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useParams } from "react-router";
import { describe, expect, it } from "vitest";
import { mockApi, renderPage, validation } from "../../../test/render";
import { ComingSoonView } from "./coming-soon-view";
import { PRIVACY_REQUIRED, THANK_YOU } from "./coming-soon-form";

const page = (extra: Partial<ComingSoonPage> = {}): ComingSoonPage => ({
  key: "breathing-coach",
  color_theme: "green",
  funnel_title: "Easy Breath",
  funnel_description: "Paced breathing for the moments in between.",
  funnel_material_title: "Your free starter card",
  material_image: "/images/coming-soon/breathing-coach.svg",
  app_store_icon: "other",
  opt_in_form: true,
  store_links: { app_store: "https://example.test/app-store", google_play: "https://example.test/google-play" },
  user_id: "member-1",
  ...extra,
});

function Route() {
  const { key } = useParams();
  return <ComingSoonView funnelKey={key} />;
}
const open = (at: string) => renderPage(Route, { path: "/coming-soon/:key?", at });

describe("the coming-soon page", () => {
  it("shows the funnel in its theme, enabled badges for 'other', no phone for an opt-in form", async () => {
    mockApi({ "GET coming-soon/breathing-coach": [200, { data: page() }] });
    const { container } = open("/coming-soon/breathing-coach");
    expect(await screen.findByRole("heading", { level: 1, name: "Easy Breath" })).toBeTruthy();
    expect(container.querySelector("[data-theme]")!.getAttribute("data-theme")).toBe("green");
    const stores = screen.getByRole("list", { name: "App stores" });
    expect(
      within(stores)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["https://example.test/app-store", "https://example.test/google-play"]);
    expect(screen.queryByLabelText("Phone")).toBeNull();
    expect(screen.getByLabelText("Email").getAttribute("type")).toBe("email");
  });

  it("greys the badges out for 'coming-soon', hides them for 'none', and shows the phone when opt_in_form is false", async () => {
    mockApi({
      "GET coming-soon/soon": [
        200,
        { data: page({ key: "soon", app_store_icon: "coming-soon", opt_in_form: false, color_theme: "white" }) },
      ],
      "GET coming-soon/none": [200, { data: page({ key: "none", app_store_icon: "none" }) }],
    });
    const first = open("/coming-soon/soon");
    const stores = await screen.findByRole("list", { name: "App stores (coming soon)" });
    expect(within(stores).queryAllByRole("link")).toEqual([]);
    expect(stores.querySelectorAll('[aria-disabled="true"]')).toHaveLength(2);
    expect(screen.getByLabelText("Phone")).toBeTruthy();
    first.unmount();

    open("/coming-soon/none");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("list", { name: /App stores/ })).toBeNull();
  });

  it("asks for the privacy checkbox before sending, shows the first server message per field, then thanks quietly", async () => {
    let attempts = 0;
    const api = mockApi({
      "GET coming-soon/soon": [200, { data: page({ key: "soon", opt_in_form: false }) }],
      "POST coming-soon/lead/": () =>
        ++attempts === 1
          ? validation({
              email: ["The email field must be a valid email address.", "Second."],
              first_name: ["The first name field is required."],
            })
          : [201, { data: { id: "x" } }],
    });
    open("/coming-soon/soon");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Last Name"), "Rivers");
    await user.type(screen.getByLabelText("Email"), "sam@");
    await user.type(screen.getByLabelText("Phone"), "555 0100");
    await user.click(screen.getByRole("button", { name: "Keep me posted" }));
    expect(await screen.findByText(PRIVACY_REQUIRED)).toBeTruthy();
    expect(api.named("POST coming-soon/lead/")).toHaveLength(0);

    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Keep me posted" }));
    expect(await screen.findByText("The email field must be a valid email address.")).toBeTruthy();
    expect(screen.getByText("The first name field is required.")).toBeTruthy();
    expect(screen.queryByText("Second.")).toBeNull();
    // The phone is never sent; the member's id and the funnel are.
    expect(api.named("POST coming-soon/lead/")[0]!.body).toEqual({
      first_name: "",
      last_name: "Rivers",
      email: "sam@",
      user_id: "member-1",
      key: "soon",
    });

    await user.type(screen.getByLabelText("First Name"), "Sam");
    await user.click(screen.getByRole("button", { name: "Keep me posted" }));
    expect(await screen.findByText(THANK_YOU)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Keep me posted" })).toBeNull();
  });

  it("keeps the page per key and shows the kept copy when the server answers 429", async () => {
    mockApi({ "GET coming-soon/breathing-coach": [200, { data: page() }] });
    const first = open("/coming-soon/breathing-coach");
    await screen.findByRole("heading", { level: 1, name: "Easy Breath" });
    expect(JSON.parse(window.localStorage.getItem("coming-soon:breathing-coach")!)).toMatchObject({ funnel_title: "Easy Breath" });
    first.unmount();

    mockApi({ "GET coming-soon/breathing-coach": [429, { message: "Too many attempts. Please try again in 30 seconds." }] });
    open("/coming-soon/breathing-coach");
    expect(await screen.findByRole("heading", { level: 1, name: "Easy Breath" })).toBeTruthy();
  });

  it("shows the default funnel for an unknown key, and a calm note when nothing can be shown", async () => {
    const api = mockApi({
      "GET coming-soon/missing": [404, { message: "Coming-soon page not found." }],
      "GET coming-soon": [200, { data: page({ key: "sleep-stories", funnel_title: "Slow Nights" }) }],
    });
    const first = open("/coming-soon/missing");
    expect(await screen.findByRole("heading", { level: 1, name: "Slow Nights" })).toBeTruthy();
    expect(api.calls.filter((call) => call.method === "GET").map((call) => call.path)).toEqual(["coming-soon/missing", "coming-soon"]);
    first.unmount();
    window.localStorage.clear();

    mockApi({ "GET coming-soon/other": [500, { message: "Server Error" }] });
    open("/coming-soon/other");
    expect(await screen.findByRole("heading", { level: 1, name: "Something new is on its way" })).toBeTruthy();
  });
});
