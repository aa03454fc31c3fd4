import { describe, expect, it } from "vitest";

type MetaTag = { title?: string; name?: string; content?: string };
type RouteModule = { meta?: (args: { loaderData: unknown }) => MetaTag[] };

// Every route module: a route added later is checked without touching this test.
const modules = import.meta.glob<RouteModule>("./*.tsx", { eager: true });

/** Loader data that lets each meta function answer (public pages need their content). */
const LOADER_DATA: Record<string, unknown> = {
  "./home.tsx": { head: { title: "Beranda", description: "Deskripsi beranda yang cukup panjang untuk hasil penelusuran." } },
  "./public-page.tsx": { head: { title: "FAQ", description: "Deskripsi FAQ yang cukup panjang untuk hasil penelusuran." } },
  "./password-link.tsx": { mode: "reset", token: null },
};

const description = (tags: MetaTag[]) => tags.find((tag) => tag.name === "description")?.content;

describe("every page's meta tags", () => {
  const pages = Object.entries(modules).filter(([, module]) => typeof module.meta === "function");

  it("cover the routes that render a page", () => {
    expect(pages.map(([path]) => path).sort()).toEqual([
      "./back-office.tsx",
      "./flows.tsx",
      "./forgot-password.tsx",
      "./home.tsx",
      "./investment-account.tsx",
      "./investment-application.tsx",
      "./investment-customer.tsx",
      "./investment.tsx",
      "./loan.tsx",
      "./login.tsx",
      "./password-link.tsx",
      "./profile.tsx",
      "./public-page.tsx",
      "./sandbox-outbox.tsx",
      "./sign-up.tsx",
    ]);
  });

  it.each(pages)("%s has a title and a description from the catalogue", (path, module) => {
    const tags = module.meta?.({ loaderData: LOADER_DATA[path] ?? null }) ?? [];
    expect(tags.find((tag) => "title" in tag)?.title).toMatch(/\S/);
    expect(description(tags)).toMatch(/^\S.{40,}$/);
  });

  it("describes /login in Indonesian", async () => {
    const login = modules["./login.tsx"]?.meta?.({ loaderData: null }) ?? [];
    expect(description(login)).toBe("Masuk ke akun Pinjaman untuk memantau pengajuan, jadwal cicilan, dan pembayaran pinjaman Anda.");
  });

  it("describes the first-password link as its own page", () => {
    const meta = modules["./password-link.tsx"]?.meta;
    expect(description(meta?.({ loaderData: { mode: "generate", token: null } }) ?? [])).toBe(
      "Buat kata sandi pertama untuk akun Pinjaman Anda melalui tautan yang dikirim ke e-mail Anda.",
    );
  });
});
