import type { FlowDefinition } from "../definition.ts";
import { addressFields, back, field, next, onboardingSteps, options } from "./steps.ts";

/** Business variant (Alumak): productive loan for a small business, with its NPWP and address. */
export const alumakOnboarding: FlowDefinition = {
  key: "alumak_onboarding",
  name: "flows.flow.alumak_onboarding",
  audience: "public",
  productKey: "alumak",
  completion: "loan_application",
  completedRedirect: "/profile",
  steps: onboardingSteps({
    key: "business",
    template: "form",
    title: "flows.step.business.title",
    description: "flows.step.business.description",
    fields: [
      field("business_name", "text"),
      field("business_type", "select", { options: options("business_type", ["trade", "food", "services", "manufacturing", "agriculture", "other"]) }),
      field("npwp", "text", { hint: "flows.field.npwp.hint" }),
      field("monthly_revenue", "select", { options: options("monthly_revenue", ["below_10m", "10m_50m", "50m_100m", "100m_250m", "above_250m"]) }),
      ...addressFields("business_"),
    ],
    movements: [back("address"), next("documents")],
    checks: ["business_data", "address"],
  }),
};
