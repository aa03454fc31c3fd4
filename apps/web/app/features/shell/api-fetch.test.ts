import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch, isPublicApiUrl, setRequestHeaders } from "./api-fetch.ts";
import { progress } from "./progress.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("apiFetch", () => {
  it("sends JSON with X-Locale: id and same-origin credentials, and returns the parsed body", async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify({ data: { reference: "CS-000001" } }), { status: 201 }));
    const result = await apiFetch<{ data: { reference: string } }>("/pub_api/v1/open/support_requests", {
      method: "POST",
      body: { data: { name: "Budi" } },
    });
    expect(result.data.reference).toBe("CS-000001");
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/pub_api/v1/open/support_requests");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("same-origin");
    expect(init?.body).toBe('{"data":{"name":"Budi"}}');
    const headers = init?.headers as Record<string, string>;
    expect(headers["X-Locale"]).toBe("id");
    expect(headers["Content-Type"]).toBe("application/json");
  });

  it("GETs without a body or a content type", async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify({ ok: true }), { status: 200 }));
    await apiFetch("/app_api/v1/flows");
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe("GET");
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
    expect(progress.inFlight()).toBe(0);
  });

  it("throws ApiError with the status, message and field messages", async () => {
    stubFetch(
      new Response(
        JSON.stringify({
          error: {
            code: "validation_failed",
            message: "Data yang dikirim belum benar. Periksa kembali isian Anda.",
            fields: { name: ["Wajib diisi", "Minimal 2 karakter"] },
          },
        }),
        { status: 400 },
      ),
    );
    const error = await apiFetch("/pub_api/v1/open/support_requests", { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe("validation_failed");
    expect(apiError.message).toBe("Data yang dikirim belum benar. Periksa kembali isian Anda.");
    expect(apiError.fields).toEqual({ name: ["Wajib diisi", "Minimal 2 karakter"] });
    expect(apiError.fieldMessage("name")).toBe("Wajib diisi, Minimal 2 karakter");
    expect(apiError.fieldMessage("contact")).toBeUndefined();
  });

  it("turns a network failure into an Indonesian ApiError with status 0", async () => {
    stubFetch(new TypeError("Failed to fetch"));
    const error = (await apiFetch("/app_api/v1/flows").catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toBe("Tidak dapat terhubung ke server. Periksa koneksi internet Anda, lalu coba lagi.");
    expect(progress.inFlight()).toBe(0);
  });

  it("adds the installed extra headers (the session's X-Role) without overriding X-Locale", async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    setRequestHeaders(() => ({ "X-Role": "role-1", "X-Locale": "en" }));
    try {
      await apiFetch("/app_api/v1/profile");
    } finally {
      setRequestHeaders(undefined);
    }
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers["X-Role"]).toBe("role-1");
    expect(headers["X-Locale"]).toBe("id");
    await apiFetch("/app_api/v1/profile");
    expect((fetchMock.mock.calls[1]![1]!.headers as Record<string, string>)["X-Role"]).toBeUndefined();
  });

  it("treats only pub_api paths as public", () => {
    expect(isPublicApiUrl("/pub_api/v1/open/offers/1/schedule")).toBe(true);
    expect(isPublicApiUrl("http://127.0.0.1:3000/pub_api/v1/open/x")).toBe(true);
    expect(isPublicApiUrl("/app_api/v1/pub_api/")).toBe(false);
  });
});
