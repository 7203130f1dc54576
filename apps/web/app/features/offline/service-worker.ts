/**
 * Installs the phone's service worker (apps/web/sw, decision 034) once the page has loaded, so
 * that it never competes with the first paint, and hands it the shop's files this page loaded
 * before it ran (they come from the browser's cache: no data spent twice). Not in development,
 * where the files change with every edit.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  const register = async () => {
    try {
      const registration = await navigator.serviceWorker.register("/sw.js", { updateViaCache: "none" });
      // A page the worker served went through it: it has everything already.
      if (navigator.serviceWorker.controller) return;
      const worker = registration.installing ?? registration.waiting ?? registration.active;
      const loaded = performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((name) => /\/(?:assets|icons)\//.test(name));
      worker?.postMessage({ type: "keep-assets", urls: loaded, page: location.href });
    } catch {
      // A browser that refuses (private mode, storage full) still has the whole shop online.
    }
  };
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}
