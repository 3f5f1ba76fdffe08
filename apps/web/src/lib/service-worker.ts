/**
 * Registers the service worker (/sw.js, decision 047; spec 000 and 001 section 9: "A service worker
 * is registered.") after the page has loaded, so it never competes with the first page for the
 * network. Production builds only: the development server has no worker.
 */
export function registerServiceWorker(enabled = import.meta.env.PROD) {
  if (!enabled || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => {
      console.warn("The offline helper could not start:", error instanceof Error ? error.message : error);
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
