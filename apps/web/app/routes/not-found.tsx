import { data } from "react-router";

/** Any path the shop does not know: a real 404, shown by the layout's error screen. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
