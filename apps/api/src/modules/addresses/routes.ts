import { addressAutocompleteRequest, addressAutocompleteResponse } from "@pinjaman/contracts/addresses";
import { errorBody } from "@pinjaman/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { autocompleteAddresses } from "./address-service.ts";

/** Public address search under pub_api/v1/open (no login: the onboarding asks before sign-up). */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/country_addresses/autocomplete",
    {
      config: { access: { kind: "public" } },
      schema: {
        tags: ["addresses"],
        summary: "Choices of one field of the address chain (region, city, district, subdistrict, postal_code)",
        body: addressAutocompleteRequest,
        response: { 200: addressAutocompleteResponse, 400: errorBody },
      },
    },
    async (request) => ({ data: { data: await autocompleteAddresses(app.db, request.body) } }),
  );
};
