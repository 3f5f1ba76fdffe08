import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { analytics } from "../../../lib/analytics";
import { closeSubscriptionOffer, useSubscriptionOffer } from "../../../lib/buying/subscription-offer";
import { useAfterRegistrationOffer } from "./use-after-registration-offer";

function Home() {
  useAfterRegistrationOffer();
  return null;
}

afterEach(() => closeSubscriptionOffer());

describe("the offer after registration on /home", () => {
  it("opens once with the after_registration packages, then never again", () => {
    vi.spyOn(analytics, "track").mockImplementation(() => undefined);
    window.localStorage.setItem("offer-after-registration", "1");
    const first = render(
      <StrictMode>
        <Home />
      </StrictMode>,
    );
    expect(useSubscriptionOffer.getState()).toEqual({
      open: true,
      trigger: "registration",
      placement: "after_registration",
      landing: null,
    });
    expect(window.localStorage.getItem("offer-after-registration")).toBeNull();
    first.unmount();

    closeSubscriptionOffer();
    render(<Home />);
    expect(useSubscriptionOffer.getState().open).toBe(false);
  });

  it("stays closed without a registration", () => {
    render(<Home />);
    expect(useSubscriptionOffer.getState().open).toBe(false);
  });
});
