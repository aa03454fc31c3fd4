import { pageNotFound } from "../features/shell/page-not-found.ts";

export function loader() {
  pageNotFound();
}

export default function NotFound() {
  return null;
}
