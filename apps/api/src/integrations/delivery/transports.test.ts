import { createVerify, generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeHttpProvider, fakeSmtp, mimeParts, type FakeHttp, type FakeSmtp } from "./fake-providers.ts";
import { fcmPush, parseServiceAccount } from "./fcm-push.ts";
import { infobipSms, msisdn } from "./infobip-sms.ts";
import { escapeHtml, renderMail } from "./mail-template.ts";
import { smtpMail } from "./smtp-mail.ts";
import { loadConfig } from "../../config.ts";
import { selectDeliveryProviders } from "./select-providers.ts";

describe("the mail template", () => {
  it("builds the text and HTML parts from the catalogue, escaping the message's data in the HTML", () => {
    const mail = renderMail({
      subject: "Kode verifikasi masuk Pinjaman",
      body: 'Halo <b>Budi</b> & "Sari",\n\nBuka tautan berikut:\nhttps://pinjaman.test/reset?token=a&b=1.\n\nTerima kasih.',
    });
    expect(mail.subject).toBe("Kode verifikasi masuk Pinjaman");
    expect(mail.text).toBe(
      'Halo <b>Budi</b> & "Sari",\n\nBuka tautan berikut:\nhttps://pinjaman.test/reset?token=a&b=1.\n\nTerima kasih.\n\n-- \n' +
        "Pinjaman tidak pernah meminta kata sandi atau kode verifikasi Anda.\n" +
        "E-mail ini dikirim otomatis oleh Pinjaman. Mohon tidak membalas e-mail ini; hubungi layanan pelanggan kami melalui situs Pinjaman.\n" +
        "Pinjaman berizin dan diawasi oleh Otoritas Jasa Keuangan (OJK).\n",
    );
    expect(mail.html).toContain('<html lang="id">');
    expect(mail.html).toContain("<title>Kode verifikasi masuk Pinjaman</title>");
    expect(mail.html).toContain('<p style="margin:0 0 16px">Halo &lt;b&gt;Budi&lt;/b&gt; &amp; &quot;Sari&quot;,</p>');
    expect(mail.html).toContain(
      'Buka tautan berikut:<br><a href="https://pinjaman.test/reset?token=a&amp;b=1" style="color:#0b5cad">https://pinjaman.test/reset?token=a&amp;b=1</a>.</p>',
    );
    expect(mail.html).toContain("Pinjaman berizin dan diawasi oleh Otoritas Jasa Keuangan (OJK).");
    expect(mail.html).not.toContain("<b>");
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe("&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;");
  });
});

describe("SMTP mail against a local SMTP server", () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await fakeSmtp();
  });
  afterAll(() => smtp.close());

  it("signs in, sends to the recipient from MAIL_FROM, with the subject, the text and the HTML part", async () => {
    const transport = smtpMail({ url: smtp.url }, "Pinjaman <no-reply@pinjaman.test>");
    const mail = renderMail({ subject: "Atur ulang kata sandi Pinjaman", body: "Halo Budi & <Sari>,\n\nhttps://pinjaman.test/reset?token=abc" });
    const result = await transport.send({ to: "budi@pinjaman.test", ...mail });
    expect(result).toEqual({ ok: true, providerMessageId: expect.stringMatching(/^<.+@pinjaman\.test>$/) });
    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received!.from).toBe("no-reply@pinjaman.test");
    expect(received!.to).toEqual(["budi@pinjaman.test"]);
    const { headers, parts } = mimeParts(received!.raw);
    expect(headers.subject).toBe("Atur ulang kata sandi Pinjaman");
    expect(headers.to).toBe("budi@pinjaman.test");
    expect(headers.from).toBe("Pinjaman <no-reply@pinjaman.test>");
    expect(headers["message-id"]).toBe((result as { providerMessageId: string }).providerMessageId);
    expect(parts["text/plain"]).toBe(mail.text.replace(/\n/g, "\r\n"));
    expect(parts["text/html"]).toBe(mail.html.replace(/\n/g, "\r\n"));
    expect(parts["text/html"]).toContain("Halo Budi &amp; &lt;Sari&gt;,");
  });

  it("with host, port, user and password instead of a URL", async () => {
    const transport = smtpMail({ host: "127.0.0.1", port: smtp.port, secure: false, user: "mailer", pass: "secret" }, "no-reply@pinjaman.test");
    const result = await transport.send({ to: "sari@pinjaman.test", subject: "Halo", text: "Isi", html: "<p>Isi</p>" });
    expect(result.ok).toBe(true);
    expect(smtp.received.at(-1)!.to).toEqual(["sari@pinjaman.test"]);
  });

  it("answers a refused mailbox as final, a temporary refusal, a wrong password and a dead server as retryable", async () => {
    const transport = smtpMail({ url: smtp.url }, "no-reply@pinjaman.test");
    const mail = { subject: "Halo", text: "Isi", html: "<p>Isi</p>" };
    const before = smtp.received.length;

    smtp.unknownMailboxes.add("nobody@pinjaman.test");
    expect(await transport.send({ to: "nobody@pinjaman.test", ...mail })).toEqual({ ok: false, retryable: false, error: expect.stringMatching(/550 Mailbox unavailable/) });

    smtp.refuseData = "Try again later";
    expect(await transport.send({ to: "budi@pinjaman.test", ...mail })).toEqual({ ok: false, retryable: true, error: expect.stringMatching(/451 Try again later/) });
    smtp.refuseData = null;

    const wrongPassword = smtpMail({ url: smtp.url.replace("secret", "wrong") }, "no-reply@pinjaman.test");
    expect(await wrongPassword.send({ to: "budi@pinjaman.test", ...mail })).toEqual({ ok: false, retryable: true, error: expect.stringMatching(/Invalid login: 535 Invalid username or password/) });

    const closed = await fakeSmtp();
    await closed.close();
    expect(await smtpMail({ url: closed.url }, "no-reply@pinjaman.test").send({ to: "budi@pinjaman.test", ...mail })).toEqual({
      ok: false,
      retryable: true,
      error: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(smtp.received.length).toBe(before);
  });
});

describe("Infobip SMS against a local fake API", () => {
  let api: FakeHttp;
  beforeAll(async () => {
    api = await fakeHttpProvider();
  });
  afterAll(() => api.close());

  it("posts one message to /sms/2/text/advanced with the App key, the sender and the number without +", async () => {
    api.answer = () => ({ status: 200, json: { bulkId: "b-1", messages: [{ to: "6281234567890", messageId: "ib-123", status: { groupId: 1, groupName: "PENDING", name: "PENDING_ACCEPTED" } }] } });
    const sms = infobipSms({ baseUrl: api.origin, apiKey: "ib-key", sender: "Pinjaman" });
    expect(await sms.send({ to: "+6281234567890", text: "Kode verifikasi Pinjaman: 123456" })).toEqual({ ok: true, providerMessageId: "ib-123" });
    const [request] = api.seen;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/sms/2/text/advanced");
    expect(request!.headers.authorization).toBe("App ib-key");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request!.body)).toEqual({ messages: [{ destinations: [{ to: "6281234567890" }], from: "Pinjaman", text: "Kode verifikasi Pinjaman: 123456" }] });
    expect(msisdn("0812-3456-7890")).toBe("6281234567890");
  });

  it("asks for a delivery report at INFOBIP_NOTIFY_URL, with the shared secret as a query parameter, when configured", async () => {
    api.seen.length = 0;
    api.answer = () => ({ status: 200, json: { messages: [{ to: "6281234567890", messageId: "ib-124", status: { groupId: 1, groupName: "PENDING" } }] } });
    const sms = infobipSms({
      baseUrl: api.origin,
      apiKey: "ib-key",
      sender: "Pinjaman",
      notify: { url: "https://pinjaman.test/pub_api/v1/infobip/delivery_reports", secret: "s3cret/with+chars&more" },
    });
    expect(await sms.send({ to: "+6281234567890", text: "Kode: 1" })).toEqual({ ok: true, providerMessageId: "ib-124" });
    expect(JSON.parse(api.seen[0]!.body)).toEqual({
      messages: [
        {
          destinations: [{ to: "6281234567890" }],
          from: "Pinjaman",
          text: "Kode: 1",
          notifyUrl: "https://pinjaman.test/pub_api/v1/infobip/delivery_reports?secret=s3cret%2Fwith%2Bchars%26more",
          notifyContentType: "application/json",
        },
      ],
    });
  });

  it("gets the notify URL and secret from INFOBIP_NOTIFY_URL and INFOBIP_NOTIFY_SECRET through selectDeliveryProviders", async () => {
    api.seen.length = 0;
    api.answer = () => ({ status: 200, json: { messages: [{ messageId: "ib-125", status: { groupId: 1, groupName: "PENDING" } }] } });
    const env = { SMTP_URL: "smtp://u:p@127.0.0.1:2525", MAIL_FROM: "no-reply@pinjaman.test", SMS_PROVIDER: "infobip", INFOBIP_BASE_URL: api.origin, INFOBIP_API_KEY: "ib-key" };
    const withReports = selectDeliveryProviders(loadConfig({ ...env, INFOBIP_NOTIFY_URL: "https://pinjaman.test/pub_api/v1/infobip/delivery_reports", INFOBIP_NOTIFY_SECRET: "n".repeat(32) }));
    await withReports.sms.send({ to: "+6281234567890", text: "x" });
    expect(JSON.parse(api.seen[0]!.body).messages[0]).toMatchObject({ notifyUrl: `https://pinjaman.test/pub_api/v1/infobip/delivery_reports?secret=${"n".repeat(32)}`, notifyContentType: "application/json" });
    await selectDeliveryProviders(loadConfig(env)).sms.send({ to: "+6281234567890", text: "x" });
    expect(Object.keys(JSON.parse(api.seen[1]!.body).messages[0])).toEqual(["destinations", "from", "text"]);
  });

  it("answers a server error and an unreachable API as retryable, a bad request and a rejected number as final", async () => {
    const sms = infobipSms({ baseUrl: api.origin, apiKey: "ib-key", sender: "Pinjaman" });
    api.answer = () => ({ status: 503, json: {} });
    expect(await sms.send({ to: "+6281234567890", text: "x" })).toEqual({ ok: false, retryable: true, error: "Infobip HTTP 503: Service Unavailable" });
    api.answer = () => ({ status: 400, json: { requestError: { serviceException: { messageId: "BAD_REQUEST", text: "Bad request" } } } });
    expect(await sms.send({ to: "+6281234567890", text: "x" })).toEqual({ ok: false, retryable: false, error: "Infobip HTTP 400: Bad request" });
    api.answer = () => ({ status: 200, json: { messages: [{ to: "62", messageId: "ib-9", status: { groupId: 5, groupName: "REJECTED", name: "REJECTED_DESTINATION", description: "Destination rejected" } }] } });
    expect(await sms.send({ to: "+62", text: "x" })).toEqual({ ok: false, retryable: false, error: "Infobip rejected: REJECTED_DESTINATION Destination rejected" });
    const gone = await fakeHttpProvider();
    await gone.close();
    expect(await infobipSms({ baseUrl: gone.origin, apiKey: "k", sender: "Pinjaman" }).send({ to: "+6281234567890", text: "x" })).toMatchObject({ ok: false, retryable: true, error: expect.stringMatching(/^Infobip unreachable/) });
  });
});

describe("FCM HTTP v1 push against a local fake Google", () => {
  let google: FakeHttp;
  const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const privateKey = keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  beforeAll(async () => {
    google = await fakeHttpProvider();
  });
  afterAll(() => google.close());

  function account() {
    const parsed = parseServiceAccount(JSON.stringify({ type: "service_account", project_id: "pinjaman-prod", client_email: "push@pinjaman-prod.iam.gserviceaccount.com", private_key: privateKey, token_uri: `${google.origin}/token` }));
    if (typeof parsed === "string") throw new Error(parsed);
    return parsed;
  }

  it("gets an access token with a signed assertion once, then posts each message with it", async () => {
    google.answer = (r) =>
      r.path === "/token"
        ? { status: 200, json: { access_token: "ya29.token-1", expires_in: 3599, token_type: "Bearer" } }
        : { status: 200, json: { name: "projects/pinjaman-prod/messages/0:1700000000%abc" } };
    const push = fcmPush(account(), google.origin);
    const message = { token: "device-token-1", title: "Tagihan Anda jatuh tempo hari ini", body: "Bayar Rp 1.250.000", data: { account_id: "a-1" } };
    expect(await push.send(message)).toEqual({ ok: true, providerMessageId: "projects/pinjaman-prod/messages/0:1700000000%abc" });
    expect(await push.send({ ...message, token: "device-token-2" })).toMatchObject({ ok: true });

    expect(google.seen.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /token", "POST /v1/projects/pinjaman-prod/messages:send", "POST /v1/projects/pinjaman-prod/messages:send"]);
    const form = new URLSearchParams(google.seen[0]!.body);
    expect(google.seen[0]!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(form.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
    const [header, claims, signature] = form.get("assertion")!.split(".");
    expect(JSON.parse(Buffer.from(header!, "base64url").toString())).toEqual({ alg: "RS256", typ: "JWT" });
    expect(JSON.parse(Buffer.from(claims!, "base64url").toString())).toMatchObject({
      iss: "push@pinjaman-prod.iam.gserviceaccount.com",
      scope: "https://www.googleapis.com/auth/firebase.messaging",
      aud: `${google.origin}/token`,
    });
    expect(createVerify("RSA-SHA256").update(`${header}.${claims}`).verify(keys.publicKey, Buffer.from(signature!, "base64url"))).toBe(true);

    const send = google.seen[1]!;
    expect(send.headers.authorization).toBe("Bearer ya29.token-1");
    expect(send.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(send.body)).toEqual({ message: { token: "device-token-1", notification: { title: "Tagihan Anda jatuh tempo hari ini", body: "Bayar Rp 1.250.000" }, data: { account_id: "a-1" } } });
  });

  it("answers an unregistered token as final, a throttle and a refused token request as retryable", async () => {
    google.seen.length = 0;
    google.answer = (r) =>
      r.path === "/token"
        ? { status: 200, json: { access_token: "ya29.token-2", expires_in: 3599 } }
        : { status: 404, json: { error: { code: 404, status: "NOT_FOUND", message: "Requested entity was not found.", details: [{ "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode: "UNREGISTERED" }] } } };
    const push = fcmPush(account(), google.origin);
    const message = { token: "old-token", title: "T", body: "B" };
    expect(await push.send(message)).toEqual({ ok: false, retryable: false, error: "FCM HTTP 404 UNREGISTERED: Requested entity was not found." });
    google.answer = (r) => (r.path === "/token" ? { status: 200, json: { access_token: "x" } } : { status: 429, json: { error: { status: "RESOURCE_EXHAUSTED", message: "Quota" } } });
    expect(await push.send(message)).toEqual({ ok: false, retryable: true, error: "FCM HTTP 429 RESOURCE_EXHAUSTED: Quota" });
    google.answer = () => ({ status: 400, json: { error: "invalid_grant", error_description: "Invalid JWT Signature." } });
    expect(await fcmPush(account(), google.origin).send(message)).toEqual({ ok: false, retryable: true, error: "FCM unreachable: OAuth token refused (HTTP 400): Invalid JWT Signature." });
  });

  it("names what a service account key lacks", () => {
    expect(parseServiceAccount("{")).toMatch(/^is not JSON/);
    expect(parseServiceAccount(JSON.stringify({ project_id: "p" }))).toBe("has no client_email, private_key");
  });
});
