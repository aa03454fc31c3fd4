import type { FastifyPluginAsync } from "fastify";
import { passwordResetRoutes } from "../password-resets/routes.ts";
import { sessionRoutes } from "../sessions/routes.ts";
import { signatureRoutes } from "../signatures/routes.ts";
import { authenticationRoutes } from "./routes.ts";

/** Every authy_api call (spec section 7), mounted under /authy_api. */
export const authyRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authenticationRoutes);
  await app.register(sessionRoutes);
  await app.register(passwordResetRoutes);
  await app.register(signatureRoutes);
};
