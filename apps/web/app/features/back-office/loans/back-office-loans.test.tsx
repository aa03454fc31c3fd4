import type { CollectionCase, LateLoan } from "@pinjaman/contracts/collections";
import type { LoanChangeRequest } from "@pinjaman/contracts/loan-changes";
import type { ApprovalRequest, WriteOffFigures, WriteOffPreview } from "@pinjaman/contracts/staff-approvals";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../shell/api-fetch.ts";
import { ApprovalsPage } from "./approvals-page.tsx";
import type { BackOfficeLoansApi } from "./back-office-loans-api.ts";
import { CollectionCasePage } from "./collection-case-page.tsx";
import { CollectionsPage } from "./collections-page.tsx";
import { LoanChangesPage } from "./loan-changes-page.tsx";

afterEach(cleanup);

const ME = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";
const ACCOUNT = "33333333-3333-4333-8333-333333333333";

function withRouter(element: ReactNode) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: ["/back-office/x"] });
  render(<RouterProvider router={router} />);
}

function fakeApi(overrides: Partial<BackOfficeLoansApi>): BackOfficeLoansApi {
  const fail = () => Promise.reject(new Error("not expected"));
  return {
    lateLoans: vi.fn(fail),
    collectionCase: vi.fn(fail),
    addContact: vi.fn(fail),
    addPromise: vi.fn(fail),
    approvalRequests: vi.fn(async () => []),
    requestWriteOff: vi.fn(fail),
    requestAdjustment: vi.fn(fail),
    ledgerAccounts: vi.fn(async () => []),
    decideApproval: vi.fn(fail),
    loanChanges: vi.fn(async () => []),
    decideLoanChange: vi.fn(fail),
    writeOffPreview: vi.fn(fail),
    decideLoanChangeApproval: vi.fn(fail),
    ...overrides,
  };
}

const LATE: LateLoan = {
  account_id: ACCOUNT,
  borrower_name: "Joko Susilo",
  phone: "+6281200000001",
  time_zone: "WITA",
  days_past_due: 97,
  bucket: "over_90",
  overdue_amount: 4_480_000,
  outstanding_principal: 4_000_000,
  last_contact_at: null,
};

describe("CollectionsPage", () => {
  const COUNTS = { "1_30": 2, "31_60": 0, "61_90": 0, over_90: 1 };
  const pageOf = (data: LateLoan[], page: number, total: number) => ({ data, meta: { page, per_page: 25, total, counts: COUNTS, today: "2026-11-24" } });

  it("shows late loans with their bucket and counts per bucket, and filters by bucket", async () => {
    const lateLoans = vi.fn(async (bucket: string | null, page: number) => pageOf(bucket === "1_30" ? [] : [LATE], page, bucket === "1_30" ? 0 : 1));
    withRouter(<CollectionsPage api={fakeApi({ lateLoans })} />);
    expect(await screen.findByRole("heading", { name: "Joko Susilo" })).toBeTruthy();
    expect(lateLoans).toHaveBeenLastCalledWith(null, 1);
    expect(screen.getByText("97 hari · > 90 hari")).toBeTruthy();
    expect(screen.getByText("Rp 4.480.000")).toBeTruthy();
    expect(screen.getByText("Belum pernah")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Buka: Joko Susilo" }).getAttribute("href")).toBe(`/back-office/collections/${ACCOUNT}`);
    // One page: no pager.
    expect(screen.queryByRole("navigation", { name: "Halaman daftar penagihan" })).toBeNull();
    const all = screen.getByRole("button", { name: "Semua (3)" });
    expect(all.getAttribute("aria-pressed")).toBe("true");

    await userEvent.click(screen.getByRole("button", { name: "1–30 hari (2)" }));
    expect(lateLoans).toHaveBeenLastCalledWith("1_30", 1);
    expect(await screen.findByText("Tidak ada data.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "1–30 hari (2)" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("pages 25 at a time with previous / next, by keyboard, the focus kept on a usable button; a bucket starts at its first page", async () => {
    const loan = (n: number): LateLoan => ({ ...LATE, account_id: `33333333-3333-4333-8333-${String(n).padStart(12, "0")}`, borrower_name: `Peminjam ${n}` });
    const lateLoans = vi.fn(async (_bucket: string | null, page: number) =>
      pageOf(Array.from({ length: page === 2 ? 5 : 25 }, (_, i) => loan((page - 1) * 25 + i + 1)), page, 30),
    );
    withRouter(<CollectionsPage api={fakeApi({ lateLoans })} />);
    expect(await screen.findByRole("heading", { name: "Peminjam 25" })).toBeTruthy();
    const pager = screen.getByRole("navigation", { name: "Halaman daftar penagihan" });
    expect(within(pager).getByText("Halaman 1 dari 2")).toBeTruthy();
    expect((within(pager).getByRole("button", { name: "Sebelumnya" }) as HTMLButtonElement).disabled).toBe(true);

    within(pager).getByRole("button", { name: "Berikutnya" }).focus();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { name: "Peminjam 30" })).toBeTruthy();
    expect(lateLoans).toHaveBeenLastCalledWith(null, 2);
    expect(screen.queryByRole("heading", { name: "Peminjam 1" })).toBeNull();
    const next = screen.getByRole("button", { name: "Berikutnya" }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    expect(screen.getByText("Halaman 2 dari 2")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Sebelumnya" })));

    await userEvent.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { name: "Peminjam 1" })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Berikutnya" })));

    await userEvent.click(screen.getByRole("button", { name: "Berikutnya" }));
    await screen.findByText("Halaman 2 dari 2");
    await userEvent.click(screen.getByRole("button", { name: "> 90 hari (1)" }));
    expect(lateLoans).toHaveBeenLastCalledWith("over_90", 1);
  });
});

const CASE: CollectionCase = {
  loan: LATE,
  contact_window: { allowed: false, local_time: "20:30 WITA", from: "08:00", until: "20:00" },
  contacts: [{ id: "c1", channel: "call", outcome: "no_answer", note: "Tidak diangkat", time_zone: "WITA", contacted_at: "2026-11-24T03:00:00.000Z", staff_name: "Dewi Operator" }],
  promises: [{ id: "p1", made_on: "2026-11-20", promised_on: "2026-11-22", amount: 500_000, paid: 0, status: "broken", note: "", staff_name: "Dewi Operator" }],
  today: "2026-11-24",
};

describe("CollectionCasePage", () => {
  it("says when the borrower may not be contacted now, lists the contact log and promises", async () => {
    withRouter(<CollectionCasePage accountId={ACCOUNT} api={fakeApi({ collectionCase: vi.fn(async () => CASE) })} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Penagihan: Joko Susilo" })).toBeTruthy();
    expect(screen.getByText("Waktu peminjam: 20:30 WITA")).toBeTruthy();
    expect(screen.getByText("Di luar jam kontak (08.00–20.00): peminjam tidak boleh dihubungi sekarang.")).toBeTruthy();
    expect(screen.getByText(/Telepon · Tidak dijawab/)).toBeTruthy();
    expect(screen.getByText(/Rp 500.000 · Diingkari/)).toBeTruthy();
  });

  it("records a contact in a dialog that takes focus; the server's refusal shows in the dialog", async () => {
    const addContact = vi
      .fn()
      .mockRejectedValueOnce(new ApiError("Di luar jam penagihan: sekarang pukul 20:30 WITA di tempat peminjam.", 409, {}, "outside_contact_hours"))
      .mockResolvedValueOnce(undefined);
    const collectionCase = vi.fn(async () => CASE);
    withRouter(<CollectionCasePage accountId={ACCOUNT} api={fakeApi({ collectionCase, addContact })} />);
    await userEvent.click(await screen.findByRole("button", { name: "Catat kontak" }));
    const dialog = screen.getByRole("dialog", { name: "Catat kontak" });
    const channel = within(dialog).getByLabelText("Saluran");
    expect(document.activeElement).toBe(channel);
    await userEvent.selectOptions(channel, "sms");
    await userEvent.selectOptions(within(dialog).getByLabelText("Hasil"), "message_sent");
    await userEvent.type(within(dialog).getByLabelText("Catatan"), "SMS pengingat");
    await userEvent.click(within(dialog).getByRole("button", { name: "Simpan" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("Di luar jam penagihan");
    expect(addContact).toHaveBeenCalledWith(ACCOUNT, { channel: "sms", outcome: "message_sent", note: "SMS pengingat" });

    await userEvent.click(within(dialog).getByRole("button", { name: "Simpan" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText("Tersimpan.")).toBeTruthy();
    expect(collectionCase).toHaveBeenCalledTimes(2);
  });

  it("records a promise to pay with its date and amount; Escape closes the dialog", async () => {
    const addPromise = vi.fn(async () => undefined);
    withRouter(<CollectionCasePage accountId={ACCOUNT} api={fakeApi({ collectionCase: vi.fn(async () => CASE), addPromise })} />);
    await userEvent.click(await screen.findByRole("button", { name: "Catat janji bayar" }));
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Catat janji bayar" }));
    const dialog = screen.getByRole("dialog", { name: "Catat janji bayar" });
    const date = within(dialog).getByLabelText("Tanggal janji");
    await userEvent.clear(date);
    await userEvent.type(date, "2026-11-30");
    await userEvent.type(within(dialog).getByLabelText("Jumlah (Rp)"), "750.000");
    await userEvent.click(within(dialog).getByRole("button", { name: "Simpan" }));
    await waitFor(() => expect(addPromise).toHaveBeenCalledWith(ACCOUNT, { promised_on: "2026-11-30", amount: 750_000, note: "" }));
  });
});

const FIGURES: WriteOffFigures = {
  principal: 4_000_000,
  interest: 480_000,
  late_fees: 25_000,
  shares: [
    { investment_id: "77777777-7777-4777-8777-777777777777", holder: "lender", name: "Ani Lestari", amount: 3_000_000 },
    { investment_id: "88888888-8888-4888-8888-888888888888", holder: "insurer", name: "Eko Prasetyo", amount: 1_000_000 },
  ],
};
const PREVIEW: WriteOffPreview = { account_id: ACCOUNT, borrower_name: "Joko Susilo", days_past_due: 97, ...FIGURES };

/** The figures a write-off dialog shows, read from its "Yang akan dihapusbukukan" section. */
function shownFigures(dialog: HTMLElement) {
  const section = within(dialog).getByRole("region", { name: "Yang akan dihapusbukukan" });
  const terms = within(section).getAllByRole("term").map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
  const shares = within(within(section).getByRole("list", { name: "Porsi pokok tiap pemberi dana" })).getAllByRole("listitem").map((li) => li.textContent);
  return { terms, shares };
}
const SHOWN = {
  terms: ["Pokok: Rp 4.000.000", "Bunga jatuh tempo yang belum dibayar: Rp 480.000", "Denda yang belum dibayar: Rp 25.000"],
  shares: ["Ani Lestari: Rp 3.000.000", "Eko Prasetyo (asuransi): Rp 1.000.000"],
};

describe("CollectionCasePage write-off request", () => {
  it("offers a write-off request for a loan more than 90 days late, showing what it would write off before saving", async () => {
    const requestWriteOff = vi.fn(async () => undefined);
    let answer: (preview: WriteOffPreview) => void = () => undefined;
    const writeOffPreview = vi.fn(() => new Promise<WriteOffPreview>((resolve) => (answer = resolve)));
    withRouter(<CollectionCasePage accountId={ACCOUNT} canRequestWriteOff api={fakeApi({ collectionCase: vi.fn(async () => CASE), requestWriteOff, writeOffPreview })} />);
    const opener = await screen.findByRole("button", { name: "Ajukan penghapusbukuan" });
    await userEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Ajukan penghapusbukuan" });
    expect(writeOffPreview).toHaveBeenCalledWith(ACCOUNT);
    // Nothing can be confirmed before the figures are shown.
    expect(within(dialog).getByRole("status").textContent).toBe("Menghitung jumlah…");
    expect((within(dialog).getByRole("button", { name: "Simpan" }) as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Alasan"));
    answer(PREVIEW);
    await within(dialog).findByRole("region", { name: "Yang akan dihapusbukukan" });
    expect(shownFigures(dialog)).toEqual(SHOWN);
    expect((within(dialog).getByRole("button", { name: "Simpan" }) as HTMLButtonElement).disabled).toBe(false);
    await userEvent.type(within(dialog).getByLabelText("Alasan"), "Tidak ada pembayaran 97 hari");
    await userEvent.click(within(dialog).getByRole("button", { name: "Simpan" }));
    await waitFor(() => expect(requestWriteOff).toHaveBeenCalledWith({ account_id: ACCOUNT, reason: "Tidak ada pembayaran 97 hari" }));
    expect(await screen.findByText("Pengajuan tersimpan dan menunggu persetujuan petugas lain.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("shows the server's refusal of the preview and offers no save", async () => {
    const writeOffPreview = vi.fn(async () => Promise.reject(new ApiError("Penghapusbukuan hanya untuk pinjaman yang terlambat lebih dari 90 hari (saat ini 90 hari).", 409)));
    withRouter(<CollectionCasePage accountId={ACCOUNT} canRequestWriteOff api={fakeApi({ collectionCase: vi.fn(async () => CASE), writeOffPreview })} />);
    await userEvent.click(await screen.findByRole("button", { name: "Ajukan penghapusbukuan" }));
    const dialog = screen.getByRole("dialog", { name: "Ajukan penghapusbukuan" });
    expect((await within(dialog).findByRole("alert")).textContent).toContain("lebih dari 90 hari");
    expect((within(dialog).getByRole("button", { name: "Simpan" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("does not offer it below 91 days or without the permission", async () => {
    withRouter(<CollectionCasePage accountId={ACCOUNT} api={fakeApi({ collectionCase: vi.fn(async () => CASE) })} />);
    expect(await screen.findByRole("button", { name: "Catat kontak" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Ajukan penghapusbukuan" })).toBeNull();
    cleanup();
    const young = { ...CASE, loan: { ...LATE, days_past_due: 40, bucket: "31_60" as const } };
    withRouter(<CollectionCasePage accountId={ACCOUNT} canRequestWriteOff api={fakeApi({ collectionCase: vi.fn(async () => young) })} />);
    expect(await screen.findByRole("button", { name: "Catat kontak" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Ajukan penghapusbukuan" })).toBeNull();
  });
});

function approval(overrides: Partial<ApprovalRequest>): ApprovalRequest {
  return {
    id: "44444444-4444-4444-8444-444444444444",
    kind: "write_off",
    status: "pending",
    account_id: ACCOUNT,
    borrower_name: "Joko Susilo",
    debit_ledger_account: null,
    credit_ledger_account: null,
    amount: null,
    reason: "Tidak ada pembayaran",
    requested_by: { id: OTHER, name: "Dewi Operator" },
    requested_on: "2026-11-24",
    decided_by: null,
    decided_at: null,
    decision_reason: null,
    days_past_due: 120,
    loan_change_request_id: null,
    write_off: FIGURES,
    ...overrides,
  };
}

describe("ApprovalsPage", () => {
  const ALL = ["write_offs.request", "write_offs.approve", "ledger_adjustments.request", "ledger_adjustments.approve"];

  it("never offers the maker a decision on their own request; a checker decides with a reason", async () => {
    const decideApproval = vi.fn(async () => undefined);
    const approvalRequests = vi.fn(async (kind: string) =>
      kind === "write_off" ? [approval({}), approval({ id: "55555555-5555-4555-8555-555555555555", borrower_name: "Rina", requested_by: { id: ME, name: "Saya" } })] : [],
    );
    render(<ApprovalsPage staffId={ME} permissions={ALL} api={fakeApi({ approvalRequests, decideApproval })} />);
    const own = (await screen.findByText(/Rina/)).closest("li")!;
    expect(within(own).getByText("Pengajuan Anda sendiri: menunggu petugas lain.")).toBeTruthy();
    expect(within(own).queryByRole("button")).toBeNull();

    const other = screen.getByText(/Joko Susilo/).closest("li")!;
    expect(within(other).getByText("120 hari")).toBeTruthy();
    const opener = within(other).getByRole("button", { name: "Keputusan atas pengajuan" });
    await userEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Keputusan atas pengajuan" });
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Alasan"));
    // The checker sees what the approval writes off before confirming.
    expect(shownFigures(dialog)).toEqual(SHOWN);
    await userEvent.type(within(dialog).getByLabelText("Alasan"), "Penagihan gagal");
    await userEvent.click(within(dialog).getByRole("button", { name: "Setujui" }));
    await waitFor(() => expect(decideApproval).toHaveBeenCalledWith("write_off", "44444444-4444-4444-8444-444444444444", { outcome: "approve", reason: "Penagihan gagal" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it("shows an operator (request permissions only) no decide button", async () => {
    render(<ApprovalsPage staffId={ME} permissions={["write_offs.request"]} api={fakeApi({ approvalRequests: vi.fn(async () => [approval({})]) })} />);
    expect(await screen.findByText(/Joko Susilo/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Keputusan atas pengajuan" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Penyesuaian buku besar" })).toBeNull();
  });

  it("asks for no write-off by typing an account id: it is requested from the loan", async () => {
    render(<ApprovalsPage staffId={ME} permissions={ALL} api={fakeApi({})} />);
    expect(await screen.findByText("Penghapusbukuan diajukan dari halaman kasus penagihan pinjaman (lebih dari 90 hari terlambat).")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Ajukan penghapusbukuan" })).toBeNull();
    expect(screen.getByRole("button", { name: "Ajukan penyesuaian" })).toBeTruthy();
  });
});

const CHANGE: LoanChangeRequest = {
  id: "66666666-6666-4666-8666-666666666666",
  account_id: ACCOUNT,
  borrower_name: "Made Wirawan",
  type_key: "reschedule",
  status: "pending",
  extra_months: 2,
  requested_daily_rate_ppm: null,
  reason: "Penghasilan turun",
  requested_on: "2026-11-24",
  current: { term: 4, daily_rate_ppm: 1000, maturity_on: "2027-02-10", outstanding_principal: 4_000_000 },
  proposal: {
    term: 6,
    daily_rate_ppm: 1000,
    total_repayment: 4_840_000,
    maturity_on: "2027-05-24",
    maturity_extension_days: 103,
    instalments: [
      { number: 1, due_on: "2026-11-24", principal: 0, interest: 120_000, total: 120_000 },
      { number: 2, due_on: "2026-12-24", principal: 666_666, interest: 120_000, total: 786_666 },
    ],
    effect: { extra_months: 2, maturity_from: "2027-02-10", maturity_to: "2027-05-24", rate_from_ppm: 1000, rate_to_ppm: 1000, waived_late_fees: 0 },
    needs_second_approval: true,
  },
  proposal_refused: null,
  decided_by: null,
  decision_reason: null,
  new_application_id: null,
  approval: null,
};
const WAITING: LoanChangeRequest = {
  ...CHANGE,
  approval: { id: "99999999-9999-4999-8999-999999999999", status: "pending", requested_by: { id: OTHER, name: "Dewi Operator" }, requested_on: "2026-11-24", decided_by: null, decision_reason: null },
};
const OPERATOR = ["loan_changes.decide"];
const ADMIN = ["loan_changes.decide", "loan_changes.approve"];

describe("LoanChangesPage", () => {
  it("shows the proposed terms, the maturity extension and the new schedule, and approves with a reason", async () => {
    const decideLoanChange = vi.fn(async () => undefined);
    const loanChanges = vi.fn(async () => [CHANGE]);
    render(<LoanChangesPage staffId={ME} permissions={OPERATOR} api={fakeApi({ loanChanges, decideLoanChange })} />);
    expect(await screen.findByRole("heading", { name: "Made Wirawan · Penjadwalan ulang · Menunggu" })).toBeTruthy();
    expect(screen.getByText("Perpanjangan jatuh tempo: 103 hari")).toBeTruthy();
    expect(screen.getByText(/Usulan: 6 bulan, .* total Rp 4.840.000/)).toBeTruthy();
    const table = screen.getByRole("table", { name: "Jadwal baru" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(within(table).getByText("Rp 786.666")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Keputusan atas permintaan" }));
    const dialog = screen.getByRole("dialog", { name: "Keputusan atas permintaan" });
    await userEvent.type(within(dialog).getByLabelText("Alasan"), "Terverifikasi");
    await userEvent.click(within(dialog).getByRole("button", { name: "Tolak" }));
    await waitFor(() => expect(decideLoanChange).toHaveBeenCalledWith(CHANGE.id, { outcome: "reject", reason: "Terverifikasi" }));
    expect(await screen.findByText("Ditolak")).toBeTruthy();
    expect(loanChanges).toHaveBeenCalledTimes(2);
  });

  it("says why a request cannot be approved", async () => {
    render(
      <LoanChangesPage
        staffId={ME}
        permissions={OPERATOR}
        api={fakeApi({ loanChanges: vi.fn(async () => [{ ...CHANGE, proposal: null, proposal_refused: "bunga baru tidak boleh lebih tinggi dari bunga saat ini." }]) })}
      />,
    );
    expect(await screen.findByText("Tidak dapat disetujui: bunga baru tidak boleh lebih tinggi dari bunga saat ini.")).toBeTruthy();
  });

  it("says the real change on the card and that it needs a second staff member; the first approval waits for one", async () => {
    const restructure: LoanChangeRequest = {
      ...CHANGE,
      type_key: "restructure",
      proposal: { ...CHANGE.proposal!, effect: { ...CHANGE.proposal!.effect, rate_to_ppm: 500, waived_late_fees: 45_000 } },
    };
    const decideLoanChange = vi.fn(async () => undefined);
    render(<LoanChangesPage staffId={ME} permissions={OPERATOR} api={fakeApi({ loanChanges: vi.fn(async () => [restructure]), decideLoanChange })} />);
    const card = (await screen.findByRole("heading", { name: "Made Wirawan · Restrukturisasi · Menunggu" })).closest("li")!;
    expect(within(card).getByText("tenor +2 bulan, jatuh tempo 10 Feb 2027 → 24 Mei 2027, bunga 0,1%/hari → 0,05%/hari, denda Rp 45.000 dihapuskan")).toBeTruthy();
    expect(within(card).getByRole("note").textContent).toBe("Perubahan ini mengubah uang pemberi dana: perlu persetujuan petugas kedua.");

    await userEvent.click(within(card).getByRole("button", { name: "Keputusan atas permintaan" }));
    const dialog = screen.getByRole("dialog", { name: "Keputusan atas permintaan" });
    expect(within(dialog).getByText("tenor +2 bulan, jatuh tempo 10 Feb 2027 → 24 Mei 2027, bunga 0,1%/hari → 0,05%/hari, denda Rp 45.000 dihapuskan")).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText("Alasan"), "Usaha sepi");
    await userEvent.click(within(dialog).getByRole("button", { name: "Setujui" }));
    await waitFor(() => expect(decideLoanChange).toHaveBeenCalledWith(CHANGE.id, { outcome: "approve", reason: "Usaha sepi" }));
    expect(await screen.findByText("Persetujuan tersimpan dan menunggu petugas kedua.")).toBeTruthy();
  });

  it("offers the second approval only to someone else holding loan_changes.approve", async () => {
    const decideLoanChangeApproval = vi.fn(async () => undefined);
    render(<LoanChangesPage staffId={ME} permissions={ADMIN} api={fakeApi({ loanChanges: vi.fn(async () => [WAITING]), decideLoanChangeApproval })} />);
    const card = (await screen.findByRole("heading", { name: "Made Wirawan · Penjadwalan ulang · Menunggu" })).closest("li")!;
    expect(within(card).getByText("Menunggu persetujuan petugas kedua (diajukan oleh Dewi Operator pada 24 Nov 2026).")).toBeTruthy();
    expect(within(card).queryByRole("button", { name: "Keputusan atas permintaan" })).toBeNull();
    const opener = within(card).getByRole("button", { name: "Persetujuan kedua" });
    await userEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Persetujuan kedua" });
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Alasan"));
    expect(within(dialog).getByText("tenor +2 bulan, jatuh tempo 10 Feb 2027 → 24 Mei 2027")).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText("Alasan"), "Disetujui kedua");
    await userEvent.click(within(dialog).getByRole("button", { name: "Setujui" }));
    await waitFor(() => expect(decideLoanChangeApproval).toHaveBeenCalledWith(WAITING.approval!.id, { outcome: "approve", reason: "Disetujui kedua" }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    cleanup();

    // The maker sees it waits for someone else; an operator without the permission gets no button.
    render(<LoanChangesPage staffId={OTHER} permissions={ADMIN} api={fakeApi({ loanChanges: vi.fn(async () => [WAITING]) })} />);
    expect(await screen.findByText("Persetujuan Anda sendiri: menunggu petugas lain.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Persetujuan kedua" })).toBeNull();
    cleanup();
    render(<LoanChangesPage staffId={ME} permissions={OPERATOR} api={fakeApi({ loanChanges: vi.fn(async () => [WAITING]) })} />);
    expect(await screen.findByText(/Menunggu persetujuan petugas kedua/)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
