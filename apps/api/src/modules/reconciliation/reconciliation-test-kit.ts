import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { SANDBOX_PAYMENT_GATEWAY_SECRET } from "../../config.ts";
import { signNotification } from "../repayments/gateway-signature.ts";

const HOOK = "/pub_api/v1/payment_gateway/notifications";
let n = 0;

/** A payment the gateway reports into a virtual account nobody has: parked (decision 0016). Answers its id. */
export async function parkedPayment(app: FastifyInstance, amount: number, va = `9${String(Date.now()).slice(-9)}${++n}`): Promise<string> {
  const body = JSON.stringify({ transaction_id: `rekon-${++n}-${Date.now()}`, channel: "bca_va", virtual_account_number: va, amount, paid_at: "2026-11-24T03:04:05Z" });
  const res = await app.inject({ method: "POST", url: HOOK, headers: { "content-type": "application/json", "x-signature": signNotification(body, SANDBOX_PAYMENT_GATEWAY_SECRET) }, payload: body });
  expect(res.json().data, res.body).toMatchObject({ status: "parked", parked_reason: "unknown_virtual_account" });
  return res.json().data.payment_id as string;
}
