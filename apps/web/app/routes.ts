import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { PUBLIC_PAGE_SLUGS } from "./features/content/public-pages.ts";

export default [
  index("routes/home.tsx"),
  ...PUBLIC_PAGE_SLUGS.map((slug) => route(slug, "routes/public-page.tsx", { id: `page-${slug}` })),
  route("login", "routes/login.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password/:token?", "routes/password-link.tsx", { id: "reset-password" }),
  route("generate-password/:token?", "routes/password-link.tsx", { id: "generate-password" }),
  route("profile", "routes/profile.tsx"),
  route("profile/loans/:id", "routes/loan.tsx"),
  // The lender's pages (spec section 2), each also under the older nested /investment-accounts/investment-accounts/{id}.
  ...["investment-accounts/:id", "investment-accounts/investment-accounts/:id"].flatMap((base, older) => {
    const id = (name: string) => (older ? `investment-accounts-${name}` : name);
    return [
      route(base, "routes/investment-account.tsx", { id: id("investment-accounts-id") }),
      route(`${base}/applications/:application_id`, "routes/investment-application.tsx", { id: id("investment-accounts-id-applications-application-id") }),
      route(`${base}/customer/:customer_id`, "routes/investment-customer.tsx", { id: id("customer-customer-id") }),
      route(`${base}/investments/:investment_id`, "routes/investment.tsx", { id: id("investment-accounts-id-investments-investment-id") }),
    ];
  }),
  route("sign-up", "routes/sign-up.tsx"),
  // /flows/{flow_key?} (spec section 2): without a key, the flows offered to the customer.
  route("flows/:flow_key?", "routes/flows.tsx"),
  route("sandbox/outbox", "routes/sandbox-outbox.tsx"),
  // Partners' leads and purchases (spec section 2; issue 10 section 2).
  ...["leads/invalid", "leads/authError", "leads/errors"].map((path) => route(path, "routes/lead-failure.tsx", { id: path.replace("/", "-") })),
  route("leads/:id", "routes/lead.tsx"),
  route("purchase/invalid", "routes/purchase-invalid.tsx"),
  route("purchase/:id", "routes/purchase.tsx"),
  // The back office (decision 0026): staff only; each page is one entry of features/back-office/sections.ts.
  route("back-office", "routes/back-office.tsx", [
    index("routes/back-office/home.tsx"),
    route("review", "routes/back-office/review.tsx"),
    route("review/:id", "routes/back-office/review-detail.tsx"),
    route("disbursals", "routes/back-office/disbursals.tsx"),
    route("reconciliation", "routes/back-office/reconciliation.tsx"),
    route("collections", "routes/back-office/collections.tsx"),
    route("collections/:accountId", "routes/back-office/collection-case.tsx"),
    route("approvals", "routes/back-office/approvals.tsx"),
    route("loan-changes", "routes/back-office/loan-changes.tsx"),
    route("customers", "routes/back-office/customers.tsx"),
    route("customers/:id", "routes/back-office/customer.tsx"),
    route("notices", "routes/back-office/notices.tsx"),
    route("chat", "routes/back-office/chat.tsx"),
    route("products", "routes/back-office/products.tsx"),
    route("company", "routes/back-office/company.tsx"),
    route("api-keys", "routes/back-office/api-keys.tsx"),
    route("tkb", "routes/back-office/tkb.tsx"),
    route("audit", "routes/back-office/audit.tsx"),
    route("partners", "routes/back-office/partners.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
