import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404, statusText: "This page could not be found" });
}

export default function NotFound() {
  return null;
}
