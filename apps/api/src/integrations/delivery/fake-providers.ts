import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

/** One request as a fake provider saw it. */
export type SeenRequest = { method: string; path: string; headers: IncomingMessage["headers"]; body: string };

export type FakeHttp = {
  origin: string;
  seen: SeenRequest[];
  /** The answer to the next requests: set per test. */
  answer: (request: SeenRequest) => { status: number; json: unknown };
  close(): Promise<void>;
};

/** A local HTTP server standing for a provider's API: records every request, answers what the test says. */
export async function fakeHttpProvider(): Promise<FakeHttp> {
  const fake = { seen: [] as SeenRequest[], answer: (_r: SeenRequest) => ({ status: 500, json: {} as unknown }) } as FakeHttp;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const request = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body };
      fake.seen.push(request);
      const { status, json } = fake.answer(request);
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type FakeSmtp = {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Recipients the server refuses with 550 (no such mailbox). */
  unknownMailboxes: Set<string>;
  /** When set, the server answers the message's data with this temporary refusal (451). */
  refuseData: string | null;
  close(): Promise<void>;
};

/** A local SMTP server (smtp-server) with AUTH PLAIN/LOGIN as mailer/secret, no TLS. */
export async function fakeSmtp(): Promise<FakeSmtp> {
  const fake = { received: [] as ReceivedMail[], unknownMailboxes: new Set<string>(), refuseData: null } as FakeSmtp;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === "mailer" && auth.password === "secret") callback(null, { user: "mailer" });
      else callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      if (fake.unknownMailboxes.has(address.address)) {
        const error = new Error("Mailbox unavailable") as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        if (fake.refuseData) {
          const error = new Error(fake.refuseData) as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        fake.received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.port = (server.server.address() as { port: number }).port;
  fake.url = `smtp://mailer:secret@127.0.0.1:${fake.port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

/** The decoded parts of a MIME message by content type (text/plain, text/html), and its headers. */
export function mimeParts(raw: string): { headers: Record<string, string>; parts: Record<string, string> } {
  const [head = "", ...rest] = raw.split(/\r\n\r\n/);
  const headers = parseHeaders(head);
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(headers["content-type"] ?? "")?.[1];
  const parts: Record<string, string> = {};
  const body = rest.join("\r\n\r\n");
  const chunks = boundary ? body.split(`--${boundary}`).slice(1, -1) : [body];
  for (const chunk of chunks) {
    const [partHead = "", ...partBody] = chunk.replace(/^\r\n/, "").split(/\r\n\r\n/);
    const partHeaders = boundary ? parseHeaders(partHead) : headers;
    const text = (boundary ? partBody.join("\r\n\r\n") : chunk).replace(/\r\n$/, "");
    const type = (partHeaders["content-type"] ?? "").split(";")[0]!.trim();
    parts[type] = decode(text, partHeaders["content-transfer-encoding"] ?? "7bit");
  }
  return { headers, parts };
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decode(text: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(text.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/quoted-printable/i.test(encoding)) {
    const bytes: number[] = [];
    const soft = text.replace(/=\r\n/g, "");
    for (let i = 0; i < soft.length; i++) {
      if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
        bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i]!, "utf8"));
    }
    return Buffer.from(bytes).toString("utf8");
  }
  return text;
}

/** The environment of a deployment outside the sandbox whose providers are the local fakes. */
export function productionEnv(smtp: FakeSmtp, infobip: FakeHttp, google: FakeHttp, serviceAccountFile: string): Record<string, string> {
  return {
    SANDBOX: "0",
    UPLOAD_SECRET: "u".repeat(40),
    PAYMENT_GATEWAY_SECRET: "p".repeat(40),
    VIRTUAL_ACCOUNT_CODES: "bca_va:39358,bni_va:81234,bri_va:77777,mandiri_va:88908,permata_va:8528,cimb_va:5919",
    SIMULATED_PROVIDERS: "bank,insurer,open_banking,voice",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Pinjaman <no-reply@pinjaman.test>",
    SMS_PROVIDER: "infobip",
    INFOBIP_BASE_URL: infobip.origin,
    INFOBIP_API_KEY: "ib-key",
    PUSH_PROVIDER: "fcm",
    FCM_SERVICE_ACCOUNT_FILE: serviceAccountFile,
    FCM_ENDPOINT: google.origin,
  };
}

export function writeServiceAccount(tokenUri: string): string {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const file = join(mkdtempSync(join(tmpdir(), "pinjaman-fcm-")), "service-account.json");
  writeFileSync(
    file,
    JSON.stringify({ type: "service_account", project_id: "pinjaman-test", client_email: "push@pinjaman-test.iam.gserviceaccount.com", private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), token_uri: tokenUri }),
  );
  return file;
}
