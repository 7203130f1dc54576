import type { Route } from "./+types/order";

export function meta() {
  return [{ title: "Commande" }, { name: "robots", content: "noindex" }];
}

/** Placeholder: built by issue 5. */
export default function Admin() {
  return <h1 className="text-2xl font-extrabold">Commande</h1>;
}

export type { Route };
