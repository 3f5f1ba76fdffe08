import type { QueryClient } from "@tanstack/react-query";
import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * Lets what has already started finish: pending promise callbacks, the timers they set for now and the
 * React updates they cause. No time passes on purpose. A test that checks something did not happen
 * settles (or waits until idle) before it looks, instead of sleeping for a guessed while.
 */
export async function settle(): Promise<void> {
  // One turn of the event loop (a timer for now), not a wait for time. fixed-wait-ok
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/** Waits until none of the page's queries is fetching and none of its mutations is running, then settles. */
export async function untilIdle(queryClient: QueryClient): Promise<void> {
  await vi.waitFor(() => {
    if (queryClient.isFetching() + queryClient.isMutating() > 0) throw new Error("queries or mutations are still running");
  });
  await settle();
}
