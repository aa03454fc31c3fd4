import { connect } from "node:net";
import type { Database } from "@pinjaman/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig, testDatabase } from "../../test/harness.ts";
import { buildApp } from "../app.ts";
import { sessionFor, type TestSession } from "../modules/identity/test-sessions.ts";
import { MissingAccessRule, needsSession, type RegisteredAccessRule } from "./access.ts";
import type { FastifyInstance } from "fastify";

const NOT_AUTHENTICATED = { error: { code: "not_authenticated", message: "Silakan masuk terlebih dahulu." } };
const LOCALE_REQUIRED = {
  error: { code: "locale_header_required", message: "Permintaan ditolak: header X-Locale wajib untuk perubahan data dari peramban." },
};

/** A concrete path for a route pattern: every parameter filled with the given (encoded) value. */
const pathOf = (url: string, value: string) => url.replace(/:[A-Za-z_]+/g, value);

/** Bodies no route accepts: broken JSON, the wrong shape, a huge nesting, the wrong content type. */
const BAD_BODIES: { contentType: string; payload: string }[] = [
  { contentType: "application/json", payload: "{not json" },
  { contentType: "application/json", payload: '{"data": 12, "filters": "x"}' },
  { contentType: "application/json", payload: `${"[".repeat(5000)}${"]".repeat(5000)}` },
  { contentType: "text/plain", payload: "data=1" },
  { contentType: "multipart/form-data; boundary=x", payload: "--x\r\nbroken" },
];

/**
 * Path values the router still matches to the route (a bad UTF-8 escape or a value over the
 * router's length limit matches no route at all, so no rule applies: the router answers 400/414).
 */
const PARAMS = ["not-a-uuid", "%00", "%F0%9F%98%80", "x".repeat(99)];

let database: Database;
let app: FastifyInstance;
let budi: TestSession;

beforeAll(async () => {
  database = await testDatabase();
  app = await buildApp({ db: database.db, config: testConfig() });
  await app.ready();
  budi = await sessionFor(database.db, "budi@pinjaman.test");
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("access rules beside every route", () => {
  it("collects one rule per API operation, the same operations the OpenAPI document describes", () => {
    const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const ruled = app.accessRules.map((r) => `${r.method} ${r.url.replace(/:([A-Za-z_]+)/g, "{$1}")}`);
    expect([...ruled].sort()).toEqual([...operations].sort());
    expect(new Set(ruled).size).toBe(ruled.length);
  });

  it("names only ids the route takes: a path id is one of its parameters", () => {
    const wrong = app.accessRules.flatMap((r: RegisteredAccessRule) =>
      "ids" in r.access ? r.access.ids.filter((id) => id.in === "params" && !r.url.includes(`:${id.name}`)).map((id) => `${r.url} ${id.name}`) : [],
    );
    expect(wrong).toEqual([]);
  });

  for (const url of ["/app_api/v1/unruled", "/authy_api/v1/unruled", "/pub_api/v1/open/unruled", "/tkb.php", "/healthz"]) {
    it(`makes buildApp throw for a route without a rule: ${url}`, async () => {
      const build = buildApp({
        db: database.db,
        config: testConfig(),
        web: async (mutated) => {
          mutated.get(url, async () => ({ ok: true }));
        },
      });
      await expect(build).rejects.toThrow(MissingAccessRule);
      await expect(build).rejects.toThrow(`GET ${url} declares no config.access rule`);
    });
  }

  it("lets a route outside the APIs (the site) go without a rule", async () => {
    const built = await buildApp({
      db: database.db,
      config: testConfig(),
      web: async (site) => {
        site.get("/some-page", async () => "page");
      },
    });
    await built.close();
  });
});

describe("authentication before validation", () => {
  const guardedRules = () => app.accessRules.filter((r) => needsSession(r.access));

  it("has routes needing a session to check (signed_in and owner ones)", () => {
    const kinds = guardedRules().map((r) => r.access.kind);
    expect(kinds).toContain("signed_in");
    expect(kinds).toContain("owner");
  });

  it("answers 401 to every session-only operation called without a session, whatever its body, params or query", async () => {
    const failures: string[] = [];
    for (const { method, url } of guardedRules()) {
      const requests = [
        ...(method === "GET" || method === "OPTIONS" || method === "DELETE" ? [{ contentType: undefined, payload: undefined }] : BAD_BODIES),
      ].flatMap((body) =>
        PARAMS.map((param) => ({
          method,
          url: `${pathOf(url, param)}?status=%%&flow_key=${"x".repeat(5000)}`,
          headers: { "x-locale": "id", ...(body.contentType ? { "content-type": body.contentType } : {}) },
          payload: body.payload,
        })),
      );
      for (const request of requests) {
        // Anonymous, then with a token that is no session.
        for (const auth of [{}, { "x-authorization": "no-such-token" }]) {
          const res = await app.inject({ ...request, method: request.method as "GET", headers: { ...request.headers, ...auth } });
          if (res.statusCode !== 401 || JSON.stringify(res.json()) !== JSON.stringify(NOT_AUTHENTICATED)) {
            failures.push(`${request.method} ${request.url.slice(0, 80)} ${request.payload?.slice(0, 20) ?? ""}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("still validates the body of a caller who may make the call", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/app_api/v1/devices/search",
      headers: { ...budi.headers, "content-type": "application/json" },
      payload: '{"filters": "x"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("validation_failed");
  });
});

describe("decided by the parsed route, not the request line", () => {
  let port: number;
  let listening: FastifyInstance;

  beforeAll(async () => {
    listening = await buildApp({ db: database.db, config: testConfig() });
    await listening.listen({ port: 0, host: "127.0.0.1" });
    port = (listening.server.address() as { port: number }).port;
  });
  afterAll(() => listening.close());

  /** One raw HTTP/1.1 exchange: status and body of the answer. */
  function exchange(lines: string[], body = ""): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      // Written, not ended: a client that half-closes may lose its answer (the server drops a half-closed socket).
      const socket = connect(port, "127.0.0.1", () => socket.write(`${lines.join("\r\n")}\r\nConnection: close\r\n\r\n${body}`));
      let answer = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => (answer += chunk));
      socket.on("error", reject);
      socket.on("close", () => {
        const [head = "", ...rest] = answer.split("\r\n\r\n");
        resolve({ status: Number(head.split(" ")[1]), body: rest.join("\r\n\r\n") });
      });
    });
  }

  const host = () => `127.0.0.1:${port}`;

  for (const form of ["origin", "absolute"] as const) {
    const target = (path: string) => (form === "absolute" ? `http://${host()}${path}` : path);

    it(`${form}-form GET of the profile: 401 without a session, 200 with one`, async () => {
      const anonymous = await exchange([`GET ${target("/app_api/v1/profile")} HTTP/1.1`, `Host: ${host()}`]);
      expect(anonymous.status).toBe(401);
      expect(JSON.parse(anonymous.body)).toEqual(NOT_AUTHENTICATED);
      const signedIn = await exchange([`GET ${target("/app_api/v1/profile")} HTTP/1.1`, `Host: ${host()}`, `X-Authorization: ${budi.token}`]);
      expect(signedIn.status).toBe(200);
      expect(JSON.parse(signedIn.body).data.email).toBe("budi@pinjaman.test");
    });

    it(`${form}-form cookie write: 403 without X-Locale, 200 with it`, async () => {
      const body = '{"filters":[]}';
      const lines = [
        `POST ${target("/app_api/v1/devices/search")} HTTP/1.1`,
        `Host: ${host()}`,
        `Cookie: ${budi.cookie}`,
        "Content-Type: application/json",
        `Content-Length: ${body.length}`,
      ];
      const refused = await exchange(lines, body);
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body)).toEqual(LOCALE_REQUIRED);
      const allowed = await exchange([...lines, "X-Locale: id"], body);
      expect(allowed.status).toBe(200);
      expect(JSON.parse(allowed.body)).toEqual({ data: [] });
    });
  }
});
