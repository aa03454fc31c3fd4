/** A company's contact facts as the sandbox seed has them; for component tests only. */
export const COMPANY_FIXTURE = {
  name: "PT Pinjaman Digital Indonesia",
  email: "halo@pinjaman.co.id",
  phone: "+62 21 5091 8800",
  address: "Jl. H.R. Rasuna Said, Jakarta Selatan",
};
