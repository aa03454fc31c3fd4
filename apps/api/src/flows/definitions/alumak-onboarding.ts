import type { FlowDefinition } from "../definition.ts";
import {
  addressFields,
  back,
  field,
  next,
  onboardingSteps,
  optional,
  options,
} from "./steps.ts";

/** Business variant (Alumak): productive loan for a small business, with its NPWP and address. */
export const alumakOnboarding: FlowDefinition = {
  key: "alumak_onboarding",
  name: "flows.flow.alumak_onboarding",
  audience: "public",
  productKey: "alumak",
  completion: "loan_application",
  completedRedirect: "/profile",
  steps: onboardingSteps(
    {
      key: "business",
      template: "form",
      title: "flows.step.business.title",
      description: "flows.step.business.description",
      fields: [
        field("business_name", "text"),
        field("business_type", "select", {
          options: options("business_type", [
            "trade",
            "food",
            "services",
            "manufacturing",
            "agriculture",
            "other",
          ]),
        }),
        field("npwp", "text", { hint: "flows.field.npwp.hint" }),
        field("monthly_revenue", "select", {
          options: options("monthly_revenue", [
            "below_10m",
            "10m_50m",
            "50m_100m",
            "100m_250m",
            "above_250m",
          ]),
        }),
        ...addressFields("business_"),
        optional(
          field("business_document", "file_upload", {
            hint: "flows.field.business_document.hint",
            config: { accept: ["application/pdf", "image/jpeg", "image/png"], max_size: 10 * 1024 * 1024 },
          }),
        ),
      ],
      movements: [back("address"), next("bank_connection")],
      checks: ["business_data", "address", "uploads"],
    },
    {
      key: "bank_connection",
      template: "form",
      title: "flows.step.bank_connection.title",
      description: "flows.step.bank_connection.description",
      fields: [
        field("bank_connection", "open_banking", {
          hint: "flows.field.bank_connection.hint",
          config: { provider: "sandbox" },
        }),
      ],
      movements: [back("business"), next("documents")],
      checks: ["open_banking"],
    },
  ),
};
