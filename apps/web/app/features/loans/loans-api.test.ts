import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../shell/api-fetch.ts";
import { loansApi } from "./loans-api.ts";

afterEach(() => vi.unstubAllGlobals());

describe("loansApi.statement", () => {
  it("posts {data:{}} with the locale header and answers the PDF with the server's file name", async () => {
    const fetchMock = vi.fn(async () => new Response("%PDF-1.3", { status: 200, headers: { "content-type": "application/pdf", "content-disposition": 'attachment; filename="laporan-pinjaman-abc-2026-11-24.pdf"' } }));
    vi.stubGlobal("fetch", fetchMock);
    const { blob, filename } = await loansApi.statement("abc");
    expect(filename).toBe("laporan-pinjaman-abc-2026-11-24.pdf");
    expect(await blob.text()).toBe("%PDF-1.3");
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/app_api/v1/accounts/abc/statement");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ data: {} });
    expect((init.headers as Record<string, string>)["X-Locale"]).toBe("id");
  });

  it("throws the error envelope's Indonesian message", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ error: { code: "account_not_found", message: "Rekening tidak ditemukan." } }), { status: 404 })));
    const error = await loansApi.statement("abc").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("Rekening tidak ditemukan.");
    expect((error as ApiError).status).toBe(404);
  });
});
