import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { createRouter } from "./app/router";
import { followThemeChanges } from "./features/appearance/theme";
import { queryClient } from "./lib/query-client";
import { registerServiceWorker } from "./lib/service-worker";
import "./styles/global.css";

const router = createRouter();
// The boot script in index.html set the theme before the first paint; from here it follows changes.
followThemeChanges();
registerServiceWorker();

function mount() {
  const root = createRoot(document.getElementById("root")!);
  // A transition lets React render the first page in small slices, keeping the browser responsive
  // while the prerendered page is still on screen.
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

// The first page's code arrives before React takes over, so a prerendered page is replaced
// by the same page in one step, never by an empty screen.
if (router.state.initialized) mount();
else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    mount();
  });
}
