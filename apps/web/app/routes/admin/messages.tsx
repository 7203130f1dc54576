import type { Route } from "./+types/messages";

export function meta() {
  return [{ title: "Messages" }, { name: "robots", content: "noindex" }];
}

/** Placeholder: built by issue 5. */
export default function Admin() {
  return <h1 className="text-2xl font-extrabold">Messages</h1>;
}

export type { Route };
