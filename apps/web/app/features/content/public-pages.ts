/** The public static pages of spec section 2; each has its content in the catalogue. */
export const PUBLIC_PAGE_SLUGS = [
  "about-us",
  "agenda-kegiatan",
  "alumak",
  "cara-mengajukan-pinjaman-online-cicilan",
  "commissioner",
  "contacts",
  "costs",
  "costs-new",
  "faq",
  "faq-new",
  "faq-plus",
  "how-to-apply",
  "investors",
  "kebijakan-privacy",
  "lender",
  "pinjaman-online-bisnis-dan-modal-usaha",
  "plus-costs",
  "plus-payroll",
  "privacy-policy",
  "riplay",
  "syarat-dan-ketentuan",
  "tanya-jawab",
  "tentang-plus",
  "terms-and-conditions",
] as const;

export type PublicPageSlug = (typeof PUBLIC_PAGE_SLUGS)[number];

export function isPublicPageSlug(slug: string): slug is PublicPageSlug {
  return (PUBLIC_PAGE_SLUGS as readonly string[]).includes(slug);
}
