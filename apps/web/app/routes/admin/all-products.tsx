import type { Route } from "./+types/all-products";

export function meta() {
  return [{ title: "Gestion des Produits" }, { name: "robots", content: "noindex" }];
}

/** Placeholder: built by issue 5. */
export default function Admin() {
  return <h1 className="text-2xl font-extrabold">Gestion des Produits</h1>;
}

export type { Route };
