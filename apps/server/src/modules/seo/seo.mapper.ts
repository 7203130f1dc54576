import type { SitemapPage } from "./seo.service.ts";

const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);

/** The sitemap protocol's XML (sitemaps.org 0.9): absolute, entity-escaped URLs. */
export function toSitemapXml(origin: string, pages: SitemapPage[]): string {
  const urls = pages.map(({ path, lastmod }) => {
    const date = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
    return `<url><loc>${escapeXml(origin + path)}</loc>${date}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: every crawler kept out of the private paths, and told where the sitemap is. */
export function toRobotsTxt(origin: string, privatePaths: readonly string[]): string {
  return ["User-agent: *", ...privatePaths.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join(
    "\n",
  );
}
