import type { Db } from "@pinjaman/db";
import {
  createSignature,
  enterSignatureCode,
  isSigned,
  pollSignature,
  resendSignatureCode,
  setSignatureStep,
  type CreateResult,
  type SignatureCodeResult,
  type SignatureContext,
  type SignatureMethod,
  type SignatureResendResult,
  type SignatureView,
  type ClosedSignature,
} from "../../modules/signatures/signature-service.ts";

/**
 * The e-signature provider behind the `peruri_signature` step and the signature calls of spec
 * section 7 (POST authentication_methods/{method}/signatures, GET …/poll, PATCH …/step, …/code,
 * …/resend_code). The calls are already shaped like a certified provider's (PSrE: Peruri,
 * PrivyID, VIDA, Tilaka): the provider sends a one-time code to the signer's phone or e-mail,
 * the signer enters it, the provider seals the document and answers whether it is signed.
 *
 * Contract for an implementation (decision 0028):
 * - `create` starts a signature of `subject` (the contract's identity, e.g. `contract:<application id>`)
 *   for the customer by `method` and sends the code; it answers a view whose `id` is the id the
 *   client polls (a certified provider's own id may be kept beside it in the signatures table).
 *   It throttles per customer and answers `throttled` with the seconds to wait.
 * - `poll`, `setStep`, `enterCode`, `resendCode` answer for the customer's own signature only
 *   (another customer's id is `not_found`, never a different answer); a wrong code is counted
 *   before it is compared; a signature ends `signed`, `failed` (attempts used up) or `expired`.
 * - `isSigned` is what the flows ask before accepting a contract: true only when this customer
 *   signed exactly this subject. A certified provider answers it from its webhook or a status call,
 *   recorded in our signatures table so the check stays a database read.
 * - Every outside call is idempotent on our signature id, and the provider's webhook (if any) is
 *   verified (HMAC or the provider's signature) and idempotent on the provider's event id.
 */
export type ESignatureProvider = {
  create(ctx: SignatureContext, input: { customerId: string; method: SignatureMethod; subject: string }, now?: Date): Promise<CreateResult>;
  poll(db: Db, input: { id: string; customerId: string }, now?: Date): Promise<SignatureView | null>;
  setStep(db: Db, input: { id: string; customerId: string; step: string }, now?: Date): Promise<ClosedSignature | { kind: "updated"; view: SignatureView }>;
  enterCode(ctx: SignatureContext, input: { id: string; customerId: string; code: string }, now?: Date): Promise<SignatureCodeResult>;
  resendCode(ctx: SignatureContext, input: { id: string; customerId: string }, now?: Date): Promise<SignatureResendResult>;
  isSigned(db: Db, input: { id: string; customerId: string; subject: string }): Promise<boolean>;
};

/**
 * The platform's own signature (modules/signatures): the code goes through our mailer and SMS
 * sender (the outbox in the sandbox, the real providers outside it), its hash is kept, the signing
 * is audited. An electronic signature in the sense of UU ITE, not a certified one: a lender that
 * needs certified signatures plugs a PSrE's adapter in here.
 */
export const platformSignature: ESignatureProvider = {
  create: createSignature,
  poll: pollSignature,
  setStep: setSignatureStep,
  enterCode: enterSignatureCode,
  resendCode: resendSignatureCode,
  isSigned,
};
