import type { Route } from "./+types/all-users";

export function meta() {
  return [{ title: "Gestion des Utilisateurs" }, { name: "robots", content: "noindex" }];
}

/** Placeholder: built by issue 5. */
export default function Admin() {
  return <h1 className="text-2xl font-extrabold">Gestion des Utilisateurs</h1>;
}

export type { Route };
