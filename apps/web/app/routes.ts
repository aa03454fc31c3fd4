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
  route("sign-up", "routes/sign-up.tsx"),
  route("flows/:flow_key", "routes/flows.tsx"),
  route("sandbox/outbox", "routes/sandbox-outbox.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
