import { errorStatus } from "@pinjaman/domain/timings";
import { t } from "@pinjaman/i18n";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import "@pinjaman/i18n/ns/errors";

export type ErrorDetails = { status: number; title: string; unknownRoute: boolean };

/**
 * Status and wording for an error (spec section 8): a route error response carries its status;
 * anything else is read with errorStatus (statusCode, status, response.status, else 500). The
 * unknown-route 404 (routes/not-found.tsx) also shows its English text.
 */
export function errorDetails(error: unknown): ErrorDetails {
  const routeError = isRouteErrorResponse(error);
  const status = routeError ? error.status : errorStatus(error);
  return {
    status,
    title: status === 404 ? t("errors.not_found_title") : t("errors.generic_title"),
    unknownRoute: routeError && status === 404 && error.statusText === t("errors.unknown_route"),
  };
}

export function ErrorPage({ error }: { error: unknown }) {
  const { status, title, unknownRoute } = errorDetails(error);
  return (
    <section className="error-page container" aria-labelledby="error-title">
      <p className="error-page__status">
        <span className="sr-only">{t("errors.status_code", { status })}</span>
        <span aria-hidden="true" data-testid="error-status">
          {status}
        </span>
      </p>
      <h1 id="error-title">{title}</h1>
      {unknownRoute && (
        <p className="error-page__english" lang="en">
          {t("errors.unknown_route")}
        </p>
      )}
      <Link to="/" className="button button--primary">
        {t("errors.back_home")}
      </Link>
    </section>
  );
}

/** The last resort when the error page itself fails to render in the browser: plain English. */
export function ErrorFallback() {
  return (
    <main className="error-fallback" lang="en">
      <h1>{t("errors.fallback.title")}</h1>
      <p>{t("errors.fallback.text")}</p>
      <p>
        <a href="/">{t("errors.fallback.home")}</a>
      </p>
    </main>
  );
}

type FallbackState = { failed: boolean };

export class ErrorPageBoundary extends Component<{ children: ReactNode }, FallbackState> {
  override state: FallbackState = { failed: false };

  static getDerivedStateFromError(): FallbackState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("The error page failed to render", error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
