/** The front end's version as the footer shows it (spec section 1). */
export const FRONTEND_VERSION = "2.2.4";
