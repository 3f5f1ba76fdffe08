import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Accordion } from "./accordion";
import { Carousel } from "./carousel";
import { FieldError } from "./field-error";
import { Input } from "./input";
import { Toaster } from "./toast";
import { toast, useToastStore } from "./toast-store";

afterEach(() => {
  vi.useRealTimers();
  useToastStore.setState({ toasts: [] });
});

describe("FieldError and Input", () => {
  it("shows the first server message by default, or all of them", () => {
    const { rerender } = render(<FieldError messages={["First.", "Second."]} />);
    expect(screen.getByRole("alert").textContent).toBe("First.");
    rerender(<FieldError messages={["First.", "Second."]} all />);
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["First.", "Second."]);
  });

  it("ties an input to its label and its error", () => {
    render(<Input label="Email" type="email" errors={["The email field is required."]} />);
    const input = screen.getByLabelText("Email");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(input.getAttribute("aria-describedby")!)?.textContent).toBe("The email field is required.");
  });
});

describe("Accordion", () => {
  it("opens one panel at a time", async () => {
    const user = userEvent.setup();
    render(
      <Accordion
        items={[
          { id: "a", title: "Question A?", content: "Answer A" },
          { id: "b", title: "Question B?", content: "Answer B" },
        ]}
      />,
    );
    const a = screen.getByRole("button", { name: "Question A?" });
    const b = screen.getByRole("button", { name: "Question B?" });
    await user.click(a);
    expect(a.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText("Answer A")).toBeTruthy();
    await user.click(b);
    expect(b.getAttribute("aria-expanded")).toBe("true");
    expect(a.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("Carousel", () => {
  it("loops a hidden second copy and times one slide per speed step", () => {
    render(
      <Carousel
        label="Types"
        items={["a", "b", "c"]}
        getKey={(item) => item}
        slideWidth={224}
        renderSlide={(item) => <span>{item}</span>}
      />,
    );
    const region = screen.getByRole("region", { name: "Types" });
    expect(region.style.getPropertyValue("--carousel-duration")).toBe("10500ms");
    expect(region.style.getPropertyValue("--carousel-slide-width")).toBe("224px");
    expect(region.style.getPropertyValue("--carousel-gap")).toBe("24px");
    const items = region.querySelectorAll("li");
    expect(items).toHaveLength(6);
    expect([...items].filter((item) => item.getAttribute("aria-hidden") === "true")).toHaveLength(3);
  });
});

describe("toasts", () => {
  it("shows an error for 3 seconds", () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.error("Something went wrong!");
    });
    expect(screen.getByRole("alert").textContent).toContain("Something went wrong!");
    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.queryByRole("alert")).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
