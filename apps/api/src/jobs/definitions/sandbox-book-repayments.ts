import { bookBorrowersPayDue } from "../../modules/sandbox-book/book-borrowers-pay.ts";
import { defineJob } from "../job-definition.ts";

/**
 * Sandbox only, daily: the sandbox book's borrowers pay the instalments due that day
 * (book-borrowers-pay.ts), so lenders see repayments as the business clock moves. Outside the
 * sandbox it does nothing: real borrowers pay through the gateway.
 */
export const sandboxBookRepaymentsJob = defineJob({
  name: "sandbox-book-repayments",
  runs: { daily: "09:00" },
  async handler({ tx, businessDate, log, occurrence, integrations }) {
    if (!integrations.sandbox) return;
    const paid = await bookBorrowersPayDue(tx, businessDate, integrations.repayment);
    log.info({ occurrence, paid }, "sandbox book borrowers paid what was due");
  },
});
