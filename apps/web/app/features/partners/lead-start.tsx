import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { sessionStore, useSessionState, type SessionStore } from "../session/session-store.ts";
import { ApiError } from "../shell/api-fetch.ts";
import { LoadingBox } from "../shell/loading-box.tsx";
import { leadFailurePath, openLead } from "./partners-api.ts";
import "@pinjaman/i18n/ns/partners";

export type OpenedLead = { flowKey: string; progressId: string; authenticationId: string | null };

/**
 * /leads/{id}: once the browser knows who is signed in, asks the server for the lead's progress
 * (created and prefilled on the first visit) and hands it to `children`; a refusal goes to the
 * failure page it names (invalid, authError, errors).
 */
export function LeadStart({
  id,
  open = openLead,
  store = sessionStore,
  children,
}: {
  id: string;
  open?: typeof openLead;
  store?: SessionStore;
  children: (lead: OpenedLead) => React.ReactNode;
}) {
  const session = useSessionState(store);
  const navigate = useNavigate();
  const [lead, setLead] = useState<OpenedLead | null>(null);
  useEffect(() => {
    if (!session.started) return;
    let current = true;
    open(id).then(
      (answer) => current && setLead({ flowKey: answer.flow_key, progressId: answer.flow_progress_id, authenticationId: session.authenticationId }),
      (error: unknown) => {
        if (current) void navigate(leadFailurePath(error instanceof ApiError ? error.status : null), { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [id, open, navigate, session.started, session.authenticationId]);
  if (!lead) return <LoadingBox loaded={false} />;
  return <>{children(lead)}</>;
}
