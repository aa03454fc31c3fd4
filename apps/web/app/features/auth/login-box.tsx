import type { SessionInfo } from "@pinjaman/contracts/auth";
import { sessionActions } from "../session/session-actions.ts";
import { CodeStep } from "./code-step.tsx";
import { CredentialsForm, useCredentialsLogin } from "./credentials-login.tsx";
import "./auth.css";

/**
 * A login inside another page (the purchase page's "login box"): e-mail and password, then the
 * code when the server asks for one; the page stays where it is and `onLoggedIn` runs after the
 * session is in place.
 */
export function LoginBox({ title, onLoggedIn }: { title: string; onLoggedIn?: () => void }) {
  async function finish(session: SessionInfo | undefined) {
    if (await sessionActions.login(session)) onLoggedIn?.();
  }
  const login = useCredentialsLogin({ onSession: finish });
  const { step } = login;
  if (step.kind === "code") {
    return <CodeStep key={step.id} authenticationId={step.id} sentTo={step.sentTo} resendAfter={step.resendAfter} onAuthenticated={finish} onRestart={login.restart} />;
  }
  return <CredentialsForm login={login} label={title} heading={<h2>{title}</h2>} />;
}
