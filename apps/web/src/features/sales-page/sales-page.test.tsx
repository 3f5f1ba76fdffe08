import type { Checkout } from "@serene/contracts";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storedOfferClock } from "../../lib/buying/offer-deadline";
import { mockApi, renderPage } from "../../test/render";
import { settle } from "../../test/settle";
import type { AttachStream } from "./components/hero-video";
import { SalesPage } from "./sales-page";
import { checkoutFixture, SALES_PAGE, VSL_FIXTURE } from "./test/fixture";

const SECTIONS = [
  "as-seen-on",
  "warning",
  "hero",
  "participants",
  "start",
  "countdown",
  "panic",
  "good-news",
  "triangle",
  "testimonial",
  "how-it-works",
  "weapon",
  "moods",
  "behind",
  "meditation-benefits",
  "six-benefits",
  "five-minutes",
  "short-testimonials",
  "method",
  "people-helped",
  "reviews",
  "refund",
  "what-you-get",
  "price",
  "faq",
  "footer",
];

const attach = vi.fn<AttachStream>(async () => ({ destroy: vi.fn() }));

function renderSales(checkout: Checkout, { name = null, onStart = vi.fn() }: { name?: string | null; onStart?: () => void } = {}) {
  const Page = () => (
    <SalesPage page={SALES_PAGE} checkout={checkout} theme={checkout.theme} name={name} attachStream={attach} onStart={onStart} />
  );
  return renderPage(Page, { at: "/promo/7", path: "/promo/:checkoutId" });
}

const section = (key: string) => document.querySelector<HTMLElement>(`[data-section="${key}"]`)!;
const clockText = () =>
  Array.from(screen.getByTestId("countdown").querySelectorAll("[data-unit]"))
    .map((part) => part.textContent)
    .join(":");

beforeEach(() => {
  window.localStorage.clear();
  mockApi({ "GET vsl/calm-evenings": [200, { data: VSL_FIXTURE }] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("checkout sales page", () => {
  it("shows its 26 sections in the spec's order, with the data's texts and the spec's figures", () => {
    renderSales(checkoutFixture());
    const order = Array.from(document.querySelectorAll("[data-section]")).map((element) => element.getAttribute("data-section"));
    expect(order).toEqual(SECTIONS);

    expect(within(section("as-seen-on")).getByText("As Seen On:")).toBeTruthy();
    for (const outlet of SALES_PAGE.as_seen_on) expect(within(section("as-seen-on")).getByText(outlet)).toBeTruthy();
    expect(section("warning").textContent).toBe(SALES_PAGE.warning);
    expect(section("participants").textContent).toContain("1,249");
    expect(within(section("panic")).getByText("18.1%")).toBeTruthy();
    expect(within(section("good-news")).getByText(SALES_PAGE.good_news.text)).toBeTruthy();
    for (const part of ["Habit", "Technique", "Transformation"])
      expect(within(section("triangle")).getByRole("heading", { level: 3, name: part })).toBeTruthy();
    expect(within(section("testimonial")).getByText(SALES_PAGE.testimonial.quote)).toBeTruthy();
    expect(within(section("moods")).getAllByRole("listitem")).toHaveLength(SALES_PAGE.moods.topics.length);
    expect(within(section("six-benefits")).getAllByRole("heading", { level: 3 })).toHaveLength(6);
    expect(within(section("five-minutes")).getByRole("heading", { name: "5 minutes a day" })).toBeTruthy();
    expect(within(section("people-helped")).getByText("2000")).toBeTruthy();

    // The method: 11 items each with its stated value, and the list value once.
    const method = within(section("method"));
    expect(method.getAllByRole("heading", { level: 3 })).toHaveLength(11);
    expect(method.getAllByText("$97.86")).toHaveLength(12);
    expect(screen.getByTestId("method-total").textContent).toBe("List value $97.86");

    // The refund guarantee names the offer's price and the subject in one pair of quotes (the content quotes it), and mails support.
    const refund = within(section("refund"));
    expect(screen.getByTestId("refund-text").textContent).toBe(
      "If it is not for you, e-mail your receipt with the subject 'Refund request' and we will refund your $14.95.",
    );
    expect(refund.getByRole("link").getAttribute("href")).toBe("mailto:support@serene.example?subject=Refund%20request");

    // The price reveal: the stated value against the offer's price, and the spec's "(about $1700 off)" beside them.
    expect(screen.getByTestId("featured-price").textContent).toBe("Stated value $1714.95 today $14.95 (about $1700 off)");
    expect(screen.getByTestId("price-saving").textContent).toBe("(about $1700 off)");
    // The stated value is named, never struck through as if it were a former price.
    expect(screen.getByTestId("featured-price").querySelector("s")).toBeNull();

    // The footer: links, placeholders, socials and the year from the data.
    const footer = within(section("footer"));
    expect(footer.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy-policy");
    expect(footer.getByRole("link", { name: "Terms" }).getAttribute("href")).toBe("/terms-of-service");
    expect(footer.getByRole("link", { name: "FAQ" }).getAttribute("href")).toBe("/faq");
    expect(footer.getByText("General Terms")).toBeTruthy();
    expect(footer.getByText("Contact Us")).toBeTruthy();
    expect(footer.getByRole("link", { name: "Serene on Instagram" }).getAttribute("href")).toBe("https://instagram.com/serene");
    expect(footer.getByText(/© 2022/)).toBeTruthy();
  });

  it("greets a member or lead by first name, and a visitor with 'This'", () => {
    const view = renderSales(checkoutFixture(), { name: "Maya Rivers" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Maya is your 5-minute reset");
    view.unmount();
    renderSales(checkoutFixture());
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("This is your 5-minute reset");
  });

  it("calls onStart from the start button and from every 'Get Started'", () => {
    const onStart = vi.fn();
    renderSales(checkoutFixture(), { onStart });
    fireEvent.click(screen.getByRole("button", { name: SALES_PAGE.start_label }));
    const buttons = screen.getAllByRole("button", { name: "Get Started" });
    expect(buttons.length).toBeGreaterThanOrEqual(3);
    for (const button of buttons) fireEvent.click(button);
    expect(onStart).toHaveBeenCalledTimes(buttons.length + 1);
  });

  it("counts a visitor's offer down from 00:04:00:00 each second and never restarts it on a return visit", () => {
    vi.useFakeTimers({
      toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "Date"],
      now: Date.parse("2026-11-25T10:00:00Z"),
    });
    const view = renderSales(checkoutFixture());
    expect(clockText()).toBe("00:04:00:00");
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(clockText()).toBe("00:03:59:59");
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(clockText()).toBe("00:03:58:59");
    expect(storedOfferClock(7)).toEqual({
      started_at: "2026-11-25T10:00:00Z",
      ends_at: "2026-11-25T14:00:00.000Z",
      packages: [71],
    });
    view.unmount();

    act(() => {
      vi.advanceTimersByTime(60 * 60_000);
    });
    renderSales(checkoutFixture());
    expect(clockText()).toBe("00:02:58:59");
  });

  it("keeps one visitor clock per offer package: another checkout offering it counts down to the same deadline, never a fresh one", () => {
    vi.useFakeTimers({
      toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "Date"],
      now: Date.parse("2026-11-25T10:00:00Z"),
    });
    const first = renderSales(checkoutFixture());
    expect(clockText()).toBe("00:04:00:00");
    first.unmount();
    act(() => {
      vi.advanceTimersByTime(60 * 60_000);
    });
    // Checkout 8 offers the same package 71: the clock this browser keeps for it, an hour gone.
    const other = renderSales(checkoutFixture({ id: 8 }));
    expect(clockText()).toBe("00:03:00:00");
    expect(storedOfferClock(8)).toEqual({ started_at: "2026-11-25T10:00:00Z", ends_at: "2026-11-25T14:00:00.000Z", packages: [71] });
    other.unmount();
    act(() => {
      vi.advanceTimersByTime(3 * 60 * 60_000);
    });
    // Once it has ended, a third checkout offering it shows it ended, not a fresh 04:00:00.
    renderSales(checkoutFixture({ id: 9 }));
    expect(clockText()).toBe("00:00:00:00");
    expect(screen.getByRole("heading", { name: SALES_PAGE.countdown.expired })).toBeTruthy();
    expect(screen.queryByText("$14.95")).toBeNull();
  });

  it("starts a fresh visitor clock only on a checkout whose offer packages this browser has no clock for", () => {
    vi.useFakeTimers({
      toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "Date"],
      now: Date.parse("2026-11-25T10:00:00Z"),
    });
    window.localStorage.setItem(
      "offer-deadlines",
      JSON.stringify({ "5": { started_at: "2026-11-25T04:00:00Z", ends_at: "2026-11-25T08:00:00.000Z", packages: [99] } }),
    );
    renderSales(checkoutFixture());
    expect(clockText()).toBe("00:04:00:00");
  });

  it("counts a member's or lead's offer down to the server's deadline", () => {
    vi.useFakeTimers({
      toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "Date"],
      now: Date.parse("2026-11-25T10:00:00Z"),
    });
    renderSales(
      checkoutFixture({ offer: { hours: 4, started_at: "2026-11-25T08:30:00Z", ends_at: "2026-11-25T12:30:00Z", expired: false } }),
      { name: "Maya" },
    );
    expect(clockText()).toBe("00:02:30:00");
    expect(storedOfferClock(7)).toBeNull();
  });

  it("ends the offer at zero: the offer's plans go, the regular price of the same plan shows, the countdown says so", () => {
    vi.useFakeTimers({
      toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "Date"],
      now: Date.parse("2026-11-25T10:00:00Z"),
    });
    renderSales(checkoutFixture());
    // While it runs: one price per plan, the regular yearly price struck through beside the offer's, not a card of its own.
    expect(screen.getAllByTestId("sales-plan").map((plan) => plan.textContent)).toEqual([
      "1-year planRegular price $59.99 $14.95Billed every 12 monthsToday's offer",
      "1-Month Plan$9.99Billed every 1 month",
      "Lifetime$149.99One-time purchase",
    ]);
    expect(section("warning").textContent).toBe(SALES_PAGE.warning);
    act(() => {
      vi.advanceTimersByTime(4 * 3_600_000);
    });
    expect(clockText()).toBe("00:00:00:00");
    expect(screen.getByRole("heading", { name: SALES_PAGE.countdown.expired })).toBeTruthy();
    // The warning no longer says the offer is held: it says what the countdown says.
    expect(section("warning").textContent).toBe(SALES_PAGE.countdown.expired);
    expect(screen.queryByTestId("price-saving")).toBeNull();
    expect(screen.getAllByTestId("sales-plan").map((plan) => plan.textContent)).toEqual([
      "1-Month Plan$9.99Billed every 1 month",
      "1-year plan$59.99Billed every 12 months",
      "Lifetime$149.99One-time purchase",
    ]);
    expect(screen.getByTestId("featured-price").textContent).toBe("Regular price $59.99");
    expect(screen.getByText("This offer has ended. The same plan is still here for you at its regular price.")).toBeTruthy();
    expect(screen.queryByText(SALES_PAGE.price.note)).toBeNull();
  });

  it("names no plan in the ended offer's place once the server no longer lists the offer's packages", () => {
    const ended = checkoutFixture({
      offer: { hours: 4, started_at: "2026-11-20T08:00:00Z", ends_at: "2026-11-20T12:00:00Z", expired: true },
    });
    renderSales({ ...ended, packages: ended.packages.filter((pkg) => !pkg.offer) });
    expect(screen.queryByTestId("featured-price")).toBeNull();
    expect(screen.getByText("This offer has ended. Every plan is still here for you at its regular price.")).toBeTruthy();
    expect(screen.getAllByTestId("sales-plan").length).toBeGreaterThan(0);
  });

  it("shows an offer the server says has ended as ended", () => {
    renderSales(
      checkoutFixture({ offer: { hours: 4, started_at: "2026-11-20T08:00:00Z", ends_at: "2026-11-20T12:00:00Z", expired: true } }),
    );
    expect(screen.getByRole("heading", { name: SALES_PAGE.countdown.expired })).toBeTruthy();
    expect(screen.getByTestId("featured-price").textContent).toContain("$59.99");
    expect(section("warning").textContent).toBe(SALES_PAGE.countdown.expired);
  });

  it("leaves the countdown out when the checkout has no timed offer", () => {
    renderSales(
      checkoutFixture({
        offer: { hours: 0, started_at: null, ends_at: null, expired: false },
        packages: checkoutFixture().packages.slice(1),
      }),
    );
    expect(document.querySelector('[data-section="countdown"]')).toBeNull();
    expect(screen.getByTestId("featured-price").textContent).toContain("$9.99");
  });

  it("shows the older card layouts' struck-through prices on the vsl-type-2 theme", () => {
    renderSales(checkoutFixture({ theme: "vsl-type-2" }));
    expect(screen.getByTestId("sales-page").getAttribute("data-sales-theme")).toBe("vsl-type-2");
    expect(screen.getAllByTestId("sales-plan").map((plan) => plan.textContent)).toEqual([
      // The offer's plan is set against the same plan's regular price, not an older layout's figure.
      "1-year planRegular price $59.99 $14.95Billed every 12 monthsToday's offer",
      "1-Month PlanRegular price $14.99 $9.99Billed every 1 month",
      "LifetimeRegular price $1499.99 $149.99One-time purchase",
    ]);
  });

  it("plays the hero's video through the stream loader, hiding its play button while playing and showing it on pause", async () => {
    renderSales(checkoutFixture());
    const video = screen.getByTestId("sales-video") as HTMLVideoElement;
    const play = vi.spyOn(video, "play").mockResolvedValue(undefined);
    // Nothing of the video is fetched or attached before the first press: the page paints without it.
    await settle();
    expect(attach).not.toHaveBeenCalled();
    expect(video.hidden).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Play the video" }));
    await vi.waitFor(() => expect(attach).toHaveBeenCalled());
    expect(attach.mock.calls.at(-1)![0]).toBe(video);
    expect(attach.mock.calls.at(-1)![1]).toBe(VSL_FIXTURE.video.playlist);
    await vi.waitFor(() => expect(play).toHaveBeenCalled());
    expect(video.hidden).toBe(false);
    fireEvent.play(video);
    expect(screen.queryByRole("button", { name: "Play the video" })).toBeNull();
    fireEvent.pause(video);
    expect(screen.getByRole("button", { name: "Play the video" })).toBeTruthy();
  });

  it("plays the hero's video once its stream is in place when the play button was pressed before", async () => {
    let attached!: (handle: { destroy(): void }) => void;
    attach.mockImplementationOnce(() => new Promise((resolve) => (attached = resolve)));
    renderSales(checkoutFixture());
    const video = screen.getByTestId("sales-video") as HTMLVideoElement;
    const play = vi.spyOn(video, "play").mockResolvedValue(undefined);
    fireEvent.click(screen.getByRole("button", { name: "Play the video" }));
    expect(play).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(attached).toBeTypeOf("function"));
    await act(async () => attached({ destroy: vi.fn() }));
    expect(play).toHaveBeenCalledTimes(1);
  });

  it("opens and closes the FAQ's panels", () => {
    renderSales(checkoutFixture());
    const question = screen.getByRole("button", { name: SALES_PAGE.faq[0]!.question });
    expect(question.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(question);
    expect(question.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText(SALES_PAGE.faq[0]!.answer)).toBeTruthy();
    fireEvent.click(question);
    expect(question.getAttribute("aria-expanded")).toBe("false");
  });
});
