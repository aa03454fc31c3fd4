import { t } from "@pinjaman/i18n";
import { Refusal } from "../../plugins/errors.ts";
import "@pinjaman/i18n/ns/customer_care";

export const customerNotFound = () => new Refusal(404, "customer_not_found", t("customer_care.customer_not_found"));

/** The 403 a blocked customer gets at sign-in (the sessions they had were revoked at the block). */
export const accountBlocked = () => new Refusal(403, "account_blocked", t("customer_care.account_blocked"));
