import { t } from "@pinjaman/i18n";
import { redirect } from "react-router";
import { FlowPage } from "../features/flows/flow-page.tsx";
import { rememberProgress } from "../features/flows/flow-memory.ts";
import { LeadStart } from "../features/partners/lead-start.tsx";
import type { Route } from "./+types/lead";
import "@pinjaman/i18n/ns/partners";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function loader({ params }: Route.LoaderArgs) {
  if (!UUID.test(params.id)) throw redirect("/leads/invalid");
  return null;
}

export function meta() {
  return [{ title: t("partners.lead.meta_title") }, { name: "description", content: t("partners.lead.meta_description") }, { name: "robots", content: "noindex" }];
}

/**
 * /leads/{id}: a partner's lead continued in its lead-based subflow, prefilled by the server. The
 * progress is remembered for the flow, so the flow page resumes it (and a reload keeps it).
 */
export default function Lead({ params }: Route.ComponentProps) {
  return (
    <LeadStart id={params.id}>
      {(lead) => {
        rememberProgress(lead.flowKey, lead.authenticationId, lead.progressId);
        return <FlowPage key={lead.progressId} flowKey={lead.flowKey} audience="customer" />;
      }}
    </LeadStart>
  );
}
