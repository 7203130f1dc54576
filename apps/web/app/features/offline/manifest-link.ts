import { useEffect } from "react";

/**
 * The page's web manifest, linked once the page has painted and hydrated (decision 034): the
 * browser reads a manifest in the page's `<head>` at once, with its icon, and those two requests
 * would come before the first paint, which decision 027 keeps for the page, its stylesheet and its
 * largest picture. Two apps: the back-office is installed apart on the owner's phone.
 */
export function useManifestLink(pathname: string): void {
  useEffect(() => {
    const href = pathname.startsWith("/admin-panel") ? "/admin.webmanifest" : "/manifest.webmanifest";
    let link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) {
      link = document.createElement("link");
      link.rel = "manifest";
      document.head.append(link);
    }
    if (link.getAttribute("href") !== href) link.setAttribute("href", href);
  }, [pathname]);
}
