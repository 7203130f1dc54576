import type { Route } from "./+types/orders";

export function meta() {
  return [{ title: "Commandes" }, { name: "robots", content: "noindex" }];
}

/** Placeholder: built by issue 5. */
export default function Admin() {
  return <h1 className="text-2xl font-extrabold">Commandes</h1>;
}

export type { Route };
