import type { ShellData } from "@pinjaman/contracts/site";
import { useRouteLoaderData } from "react-router";
import type { ServerSession } from "../session/session-cookie.ts";

/** What the root route's loader returns (apps/web/app/root.tsx). */
export type RootLoaderData = {
  shell: ShellData;
  nonce: string;
  /** The session as the server read it from the cookie (never the token). */
  session: ServerSession;
  /** The server's clock at render (epoch ms): session expiry is measured on it. */
  serverTime: number;
};

/**
 * The shell data (company facts, TKB figures, sandbox flag) loaded once by the root route.
 * Route components can rely on it: when the root loader fails, only the root error page renders.
 */
export function useShellData(): ShellData {
  const shell = useOptionalShellData();
  if (!shell) throw new Error("useShellData: the root loader data is not available");
  return shell;
}

/** The same, or undefined where the root loader may have failed (the error page, the layout). */
export function useOptionalShellData(): ShellData | undefined {
  return useRouteLoaderData<RootLoaderData>("root")?.shell;
}
