import { redirect } from "react-router";

/** /admin-panel opens on the dashboard. */
export function loader() {
  throw redirect("/admin-panel/dashboard");
}

export default function AdminIndex() {
  return null;
}
