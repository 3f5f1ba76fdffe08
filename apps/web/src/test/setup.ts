import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { useToastStore } from "../components/ui/toast-store";
import { useErrorStore } from "../lib/error-store";

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
  useErrorStore.getState().clear();
});
