/**
 * Which modules of the browser build go into the one shared chunk (vite.config.ts, decision 027):
 * React, React DOM and React Router, and every module of the shop's own code (the web app
 * outside its route files, and the shared package) that more than one storefront route reaches.
 * Code that one storefront route alone uses stays in that route's file, even when a back-office
 * route uses it too (a customer's security page and the admin's view of a user's devices share
 * their lists: every page would otherwise carry them). The back-office's code, which only admins
 * load (a browser test proves no storefront page carries it), never goes in; nor do the orders
 * kept on the phone (features/offline: their store, their panel), loaded only by the pages that can
 * keep one and by visitors who have one (decision 034).
 */
import { isEsmFacade } from "./esm-facades";

interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { isEntry: boolean; importers: readonly string[]; dynamicImporters: readonly string[] } | null;
}

const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
const SHARED_PACKAGE = /packages[\\/]shared[\\/]src[\\/]/;
const WEB_APP = /apps[\\/]web[\\/]app[\\/]/;
const NOT_SHARED =
  /apps[\\/]web[\\/]app[\\/](routes[\\/]|root\.tsx|entry\.|features[\\/]admin[\\/]|features[\\/]offline[\\/](kept-orders-store|kept-orders-panel)\.)/;

const isShopCode = (id: string) => SHARED_PACKAGE.test(id) || (WEB_APP.test(id) && !NOT_SHARED.test(id));

/** The entries (route modules, the client entry) from which a module is imported, directly or not. */
function entriesReaching(id: string, graph: ModuleGraph, memo: Map<string, Set<string>>): Set<string> {
  const known = memo.get(id);
  if (known) return known;
  const found = new Set<string>();
  memo.set(id, found); // a cycle adds nothing
  const info = graph.getModuleInfo(id);
  if (!info) return found;
  if (info.isEntry) found.add(id);
  for (const importer of [...info.importers, ...info.dynamicImporters])
    for (const entry of entriesReaching(importer, graph, memo)) found.add(entry);
  return found;
}

const BACK_OFFICE_ROUTE = /apps[\\/]web[\\/]app[\\/]routes[\\/]admin[\\/]/;

/**
 * Pages that share code among themselves alone: it goes into a chunk of theirs rather than into
 * every page's shared chunk. The ordering pages (the delivery choice, the order's summary, the
 * payment's values, the photo shrinking; decision 027, "The first tap"), and the shop's texts
 * (privacy, terms, cookies, the blog, about: their prose layout and contact list), rarely opened.
 */
const PAGE_GROUPS = {
  checkout: /apps[\\/]web[\\/]app[\\/]routes[\\/](cart|order|order-status|pay|payment)\.tsx(?:\?|$)/,
  texts: /apps[\\/]web[\\/]app[\\/]routes[\\/](privacy|terms|cookies|blog|about)\.tsx(?:\?|$)/,
} as const;

/** A module only ever loaded on demand (a dynamic import): it keeps its own file, fetched when needed. */
function onDemandOnly(id: string, graph: ModuleGraph): boolean {
  const info = graph.getModuleInfo(id);
  return info !== null && info.importers.length === 0 && info.dynamicImporters.length > 0;
}

/**
 * The names of the shared chunks of a module that belongs in one, null for any other: `framework`
 * (every page) and a page group's (`checkout`, `texts`), the two groups of vite.config.ts,
 * `framework` first so that it keeps React and what both share.
 */
export function sharedChunkNames() {
  const memo = new Map<string, Set<string>>();
  /** The page group whose pages, two or more, are the only ones to reach the module. */
  const groupOf = (id: string, graph: ModuleGraph): string | null => {
    const entries = [...entriesReaching(id, graph, memo)];
    if (entries.length < 2) return null;
    for (const [name, pages] of Object.entries(PAGE_GROUPS)) if (entries.every((e) => pages.test(e))) return name;
    return null;
  };
  return {
    framework: (id: string, graph: ModuleGraph): string | null => {
      if (FRAMEWORK.test(id) || isEsmFacade(id)) return "framework";
      if (!isShopCode(id) || groupOf(id, graph) || onDemandOnly(id, graph)) return null;
      const storefront = [...entriesReaching(id, graph, memo)].filter((entry) => !BACK_OFFICE_ROUTE.test(entry));
      return storefront.length >= 2 ? "framework" : null;
    },
    pageGroup: (id: string, graph: ModuleGraph): string | null => (isShopCode(id) ? groupOf(id, graph) : null),
  };
}
