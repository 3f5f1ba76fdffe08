import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { describe, expect, it } from "vitest";
import { useToastStore } from "../../../components/ui/toast-store";
import { REGISTER_NOTE, REGISTER_NOTE_MS, useRegisterNote } from "./use-register-note";

function Home() {
  useRegisterNote();
  return null;
}

describe("register note on /home", () => {
  it("shows the note once for 5 seconds and removes the flag", () => {
    window.localStorage.setItem("just-registered", "1");
    render(
      <StrictMode>
        <Home />
      </StrictMode>,
    );
    expect(useToastStore.getState().toasts).toEqual([
      expect.objectContaining({ kind: "info", message: REGISTER_NOTE, duration: REGISTER_NOTE_MS }),
    ]);
    expect(REGISTER_NOTE_MS).toBe(5000);
    expect(window.localStorage.getItem("just-registered")).toBeNull();
  });

  it("says nothing without the flag", () => {
    render(<Home />);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });
});
