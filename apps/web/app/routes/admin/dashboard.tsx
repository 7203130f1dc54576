import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Tableau de bord" }, { name: "robots", content: "noindex" }];
}

/** Placeholder: built by issue 5. */
export default function Admin() {
  return <h1 className="text-2xl font-extrabold">Tableau de bord</h1>;
}

export type { Route };
