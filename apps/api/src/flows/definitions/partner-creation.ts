import type { FlowDefinition } from "../definition.ts";
import { BANKS, field, next, options } from "./steps.ts";

/**
 * Staff flows (spec section 6 "partner users"; issue 10 section 2): a staff member with
 * `partners.manage` creates a partner organisation, then its branches. The completion stores the
 * partner with a callback signing secret and its settlement bank account (where the loans of its
 * purchases are paid, decision 0032; the bank step's field keys, so its `bank_account` check runs);
 * its API key is issued on the back-office partners page (shown once), never kept in a flow progress.
 */
export const haymanSPartnersCreation: FlowDefinition = {
  key: "hayman_s_partners_creation",
  name: "partners.flow.hayman_s_partners_creation",
  audience: "customer",
  staffPermission: "partners.manage",
  completion: "partner_creation",
  completedRedirect: "/back-office/partners",
  steps: [
    {
      key: "partner",
      template: "form",
      title: "partners.step.partner.title",
      description: "partners.step.partner.description",
      fields: [
        field("partner_name", "text", { label: "partners.field.partner_name.label" }),
        field("legal_name", "text", { label: "partners.field.legal_name.label" }),
        field("contact_email", "email", { label: "partners.field.contact_email.label" }),
        field("callback_url", "text", { label: "partners.field.callback_url.label", hint: "partners.field.callback_url.hint" }),
        field("bank_code", "search_dropdown", { label: "partners.field.settlement_bank_code.label", options: options("bank", BANKS) }),
        field("bank_account_number", "text", { label: "partners.field.settlement_account_number.label", hint: "flows.field.bank_account_number.hint" }),
        field("bank_account_holder", "text", { label: "partners.field.settlement_account_holder.label", hint: "partners.field.settlement_account_holder.hint" }),
      ],
      movements: [next("done")],
      checks: ["bank_account"],
    },
    { key: "done", template: "end_flow", title: "partners.step.partner_done.title", description: "partners.step.partner_done.description", fields: [], movements: [] },
  ],
};

export const haymanSPartnersCreationBranch: FlowDefinition = {
  key: "hayman_s_partners_creation_branch",
  name: "partners.flow.hayman_s_partners_creation_branch",
  audience: "customer",
  staffPermission: "partners.manage",
  completion: "partner_branch_creation",
  completedRedirect: "/back-office/partners",
  steps: [
    {
      key: "branch",
      template: "form",
      title: "partners.step.branch.title",
      description: "partners.step.branch.description",
      fields: [
        field("partner_id", "text", { label: "partners.field.partner_id.label", hint: "partners.field.partner_id.hint" }),
        field("branch_name", "text", { label: "partners.field.branch_name.label" }),
        field("branch_city", "text", { label: "partners.field.branch_city.label" }),
      ],
      movements: [next("done")],
    },
    { key: "done", template: "end_flow", title: "partners.step.branch_done.title", description: "partners.step.branch_done.description", fields: [], movements: [] },
  ],
};
