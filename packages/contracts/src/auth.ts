import { z } from "zod";

/**
 * authy_api calls (spec section 7). A browser's session token travels only in the HttpOnly
 * `client` cookie, never in a body. A native client (no cookie jar) asks for it with the request
 * header `X-Client: native` and sends it back as X-Authorization (decision 0006).
 */

/** What the page may know of its session: when it ends and which authentication made it. */
export const sessionInfo = z.object({
  id: z.uuid(),
  /** Epoch milliseconds (spec section 3 expiresAt). */
  expires_at: z.number().int(),
  authentication_id: z.uuid(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

/** The request header by which a native client asks for its session token in the answer. */
export const NATIVE_CLIENT_HEADER = "X-Client";

/** A session just issued (login, code, refresh, a flow's account step): the token only for a native client. */
export const issuedSessionInfo = sessionInfo.extend({
  token: z
    .string()
    .optional()
    .describe(
      "The session token, only for a native client: a request with `X-Client: native`, or a refresh authorised by X-Authorization. Send it as X-Authorization; a browser never gets it.",
    ),
});
export type IssuedSessionInfo = z.infer<typeof issuedSessionInfo>;

/** POST v1/authentication_methods/emailpass/authentications */
export const emailpassLoginRequest = z.object({
  data: z.object({
    email: z.string().trim().toLowerCase().pipe(z.email()),
    password: z.string().min(1).max(200),
    /**
     * The e-mailed code, sent with the password once the e-mail is locked by failed logins (429
     * login_locked): without it the right password only has the code e-mailed.
     */
    code: z.string().regex(/^\d{6}$/).optional(),
  }),
});
export type EmailpassLoginRequest = z.infer<typeof emailpassLoginRequest>;

export const authenticationStatus = z.enum(["code_required", "authenticated", "failed", "expired"]);

const authenticationData = z.object({
  id: z.uuid(),
  status: authenticationStatus,
  /** Present once authenticated (to the browser holding the session, when polled). */
  session: sessionInfo.optional(),
  /** Masked destination of the second-factor code, while a code is required. */
  code_sent_to: z.string().optional(),
  /** Seconds until a new code may be requested. */
  resend_after: z.number().int().optional(),
});

/** A login's state: code required, or polled (never a token). */
export const authenticationResponse = z.object({ data: authenticationData });
export type AuthenticationResponse = z.infer<typeof authenticationResponse>;

/** 201 of a login or a code entry: the new session (its token for a native client). */
export const authenticatedResponse = z.object({ data: authenticationData.extend({ session: issuedSessionInfo }) });

/** PATCH v1/authentications/{id}/code: the code, or a request for a new one. */
export const authenticationCodeRequest = z.object({
  data: z.union([z.object({ code: z.string().regex(/^\d{6}$/) }), z.object({ resend: z.literal(true) })]),
});

/** PATCH sessions/{id} (refresh) answers the renewed session. */
export const sessionResponse = z.object({ data: issuedSessionInfo });

/** POST v1/authentication_methods/emailpass_reset/password_resets */
export const passwordResetRequest = z.object({ data: z.object({ email: z.string().trim().toLowerCase().pipe(z.email()) }) });

/** POST …/password_resets/resolve: also sets a first password (generate-password links). */
export const passwordResetResolveRequest = z.object({
  data: z.object({
    token: z.string().min(20).max(200),
    password: z.string().min(10).max(200),
  }),
});

export const acceptedResponse = z.object({ data: z.object({ message: z.string() }) });

/** POST v1/authentication_methods/{method}/signatures: confirm `subject` with a one-time code. */
export const signatureCreateRequest = z.object({ data: z.object({ subject: z.string().min(1).max(200) }) });
export const signatureResponse = z.object({
  data: z.object({
    id: z.uuid(),
    status: z.enum(["code_sent", "signed", "failed", "expired"]),
    step: z.string(),
    subject: z.string(),
    code_sent_to: z.string().optional(),
    resend_after: z.number().int().optional(),
    signed_at: z.string().nullable(),
  }),
});
export type SignatureResponse = z.infer<typeof signatureResponse>;
export const signatureStepRequest = z.object({ data: z.object({ step: z.string().min(1).max(50) }) });
export const signatureCodeRequest = z.object({ data: z.object({ code: z.string().regex(/^\d{6}$/) }) });

/** GET pub_api/v1/open/sandbox/outbox (sandbox only): the latest mails, SMS and pushes, newest first. */
export const sandboxOutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(["mail", "sms", "push"]),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export const sandboxOutboxResponse = z.object({ data: z.array(sandboxOutboxMessage) });
export type SandboxOutboxResponse = z.infer<typeof sandboxOutboxResponse>;
