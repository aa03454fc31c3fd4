import { z } from "zod";

const rupiah = z.number().int().min(0);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** POST app_api/v1/invoices/search?page={n} (spec section 7); filters in the body (searchRequest). */
export const invoicesSearchQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** Spec section 3: one invoice per instalment of a loan's fixed schedule (decision 0012). */
export const invoice = z.object({
  id: z.uuid(),
  account_id: z.uuid(),
  account_application_id: z.uuid(),
  number: z.number().int().min(1),
  due_on: isoDate,
  principal: rupiah,
  interest: rupiah,
  total: rupiah,
  late_fee: rupiah,
  paid_principal: rupiah,
  paid_interest: rupiah,
  paid_late_fee: rupiah,
  /** What is still owed: late fee + interest + principal not yet paid. */
  outstanding: rupiah,
  /** open or paid; an open invoice past due_on is late; replaced: superseded by a reschedule or restructure. */
  status: z.enum(["open", "paid", "replaced"]),
  paid_on: isoDate.nullable(),
});
export type Invoice = z.infer<typeof invoice>;

export const invoicesSearchResponse = z.object({
  data: z.array(invoice),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});

/** GET app_api/v1/accounts/{id}/payments/new */
export const accountParams = z.object({ id: z.uuid() });

const paymentMethod = z.object({ key: z.enum(["atm", "mobile_banking", "internet_banking"]), name: z.string(), steps: z.array(z.string()) });

export const paymentChannel = z.object({
  key: z.string(),
  name: z.string(),
  virtual_account_number: z.string(),
  preferred: z.boolean(),
  methods: z.array(paymentMethod),
});

export type PaymentChannel = z.infer<typeof paymentChannel>;

export const newPaymentResponse = z.object({
  data: z.object({
    /** The preferred channel first, then the others in the platform's order. */
    channels: z.array(paymentChannel),
    /** Owed now on the invoices due on or before today (late fees included once accrued). */
    amount_due: rupiah,
    /** The business date the amount is computed for. */
    today: isoDate,
    /** The first open invoice due after today, null when none. */
    next_due_on: isoDate.nullable(),
    next_amount: rupiah.nullable(),
    /**
     * What to pay today to pay the whole loan off (decision 0013: interest to date, the rest
     * waived), less the borrower's credit, which the payment uses first; 0 when nothing is owed.
     */
    payoff_amount: rupiah,
    /** The borrower's credit (overpayments) kept on the loan, used first by the next payment. */
    credit_balance: rupiah,
  }),
});
export type NewPayment = z.infer<typeof newPaymentResponse>["data"];
