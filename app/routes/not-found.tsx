import { data } from "react-router";

/** Any path no other route claims: the layout's error boundary shows the not-found page with a 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
