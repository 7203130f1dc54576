import type { ShopIdentity } from "@shop/shared";
import type { MetaDescriptor } from "react-router";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/**
 * A content page's title (followed by the shop's name, read from the root route's data) and its
 * description, also offered to link previews (WhatsApp, Facebook).
 */
export function pageMeta(matches: readonly MatchLike[], title: string, description: string): MetaDescriptor[] {
  const layout = matches.find((m) => m?.id === "root")?.loaderData as { shop?: ShopIdentity } | undefined;
  const full = layout?.shop ? `${title} | ${layout.shop.name}` : title;
  return [
    { title: full },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: full },
    { property: "og:description", content: description },
  ];
}
