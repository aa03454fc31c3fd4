/**
 * The URL a page request stands for, always on our own origin: the request line may hold a
 * path that parses as another host ("//", "//evil.example/x") or the absolute form
 * ("http://host/path"); only its path and query are ours to render.
 */
export function pageUrl(requestUrl: string, origin: string): URL {
  let path = "/";
  if (requestUrl.startsWith("/")) {
    path = requestUrl;
  } else {
    try {
      const absolute = new URL(requestUrl);
      path = `${absolute.pathname}${absolute.search}`;
    } catch {
      // Neither a path nor a URL: the home path's answer rather than a failure.
    }
  }
  // A path that starts with "//" would name a host again: keep it a path.
  return new URL(path.replace(/^\/{2,}/, "/"), origin);
}
