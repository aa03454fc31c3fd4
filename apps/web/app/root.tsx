import { useEffect } from "react";
import { variantForPath } from "@pinjaman/domain/variant";
import { LOCALE, t } from "@pinjaman/i18n";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { sessionFromRequest } from "./features/session/session.server.ts";
import { useSessionStart } from "./features/session/session-start.ts";
import { installChunkReload } from "./features/shell/chunk-reload.ts";
import { ErrorPage, ErrorPageBoundary, errorDetails } from "./features/shell/error-page.tsx";
import { FRAUD_BANNER_BOOT_SCRIPT } from "./features/shell/fraud-banner.tsx";
import { SiteShell } from "./features/shell/site-shell.tsx";
import { useOptionalShellData, type RootLoaderData } from "./features/shell/use-shell-data.ts";
import "./load-context.ts";
import "@pinjaman/i18n/ns/common";

// Installed when the root module first runs in the browser, before hydration and before any
// route or dialog chunk is requested: a stale page reloads instead of breaking (spec section 8).
if (typeof window !== "undefined") installChunkReload();

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootLoaderData> {
  // The server-side session start: signed in, until when, by which authentication (no token).
  const session = await sessionFromRequest(request, context.services);
  return { shell: await context.services.shell(), nonce: context.cspNonce, session, serverTime: Date.now() };
}

const FAVICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#299f98"/><path d="M11 24V8h6.5a5 5 0 0 1 0 10H11" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  );

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: FAVICON, type: "image/svg+xml" },
];

export const meta: Route.MetaFunction = ({ error }) => {
  const appName = t("common.app_name");
  const title = error === undefined ? appName : `${errorDetails(error).title} | ${appName}`;
  return [{ title }, { name: "description", content: t("common.meta_description") }];
};

/**
 * The page's CSP nonce as the server sent it. A revalidated root loader brings a new nonce that
 * this page's policy does not know, so the browser keeps the first one.
 */
let clientNonce: string | undefined;
function pageNonce(loaderNonce: string | undefined): string | undefined {
  if (typeof document === "undefined") return loaderNonce;
  clientNonce ??= loaderNonce;
  return clientNonce;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootLoaderData>("root");
  const { pathname } = useLocation();
  const nonce = pageNonce(data?.nonce);
  // Marks the page interactive (error pages too), so browser tests act once React handles events.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    // The head script may mark <html> before hydration (fraud banner closed earlier).
    <html lang={LOCALE} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#299f98" />
        {/* Vite reads the nonce here for the stylesheets and modules it preloads on demand. */}
        {nonce && <meta property="csp-nonce" nonce={nonce} />}
        {nonce && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: FRAUD_BANNER_BOOT_SCRIPT }} />}
        <Meta />
        <Links />
      </head>
      <body data-variant={variantForPath(pathname)} data-sandbox={data?.shell.sandbox ? "" : undefined}>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useSessionStart(loaderData.session, loaderData.serverTime);
  return (
    <SiteShell shell={loaderData.shell}>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = useOptionalShellData();
  return (
    <ErrorPageBoundary>
      <SiteShell shell={shell}>
        <ErrorPage error={error} />
      </SiteShell>
    </ErrorPageBoundary>
  );
}
