import { data } from "react-router";

/** Throws the answer of an address that names no page: the not-found page with HTTP 404. */
export function pageNotFound(): never {
  throw data(null, { status: 404, statusText: "This page could not be found" });
}
