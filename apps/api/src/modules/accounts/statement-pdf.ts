import PDFDocument from "pdfkit";
import { formatDate, formatTerm } from "@pinjaman/domain/dates";
import { invoiceState } from "@pinjaman/domain/invoices";
import { formatDailyRate, formatRupiah } from "@pinjaman/domain/money";
import { t } from "@pinjaman/i18n";
import type { AccountBook, StoredInvoice } from "./account-detail.ts";
import "@pinjaman/i18n/ns/loans";

const MARGIN = 40;
const PAGE_BOTTOM = 841.89 - MARGIN; // A4 height in points
const LINE = 15;

type Column = { title: string; width: number; align?: "left" | "right" };

const paidOf = (i: StoredInvoice) => i.paidPrincipal + i.paidInterest + i.paidLateFee;


/**
 * The loan statement (spec section 7, issue 8 §5) for the business date: the loan's terms, its
 * balances, the schedule with each invoice's amounts and status, and every payment received
 * with how it was allocated (late fee, interest, principal, credit kept).
 */
export function renderStatement(book: AccountBook): Promise<Buffer> {
  const { detail, schedule, allInvoices, payments } = book;
  const doc = new PDFDocument({ size: "A4", margin: MARGIN, info: { Title: t("loans.statement.title"), Author: "Pinjaman" } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  let y = MARGIN;
  const ensureRoom = (lines: number) => {
    if (y + lines * LINE <= PAGE_BOTTOM) return;
    doc.addPage();
    y = MARGIN;
  };
  const heading = (text: string) => {
    ensureRoom(3);
    y += LINE / 2;
    doc.font("Helvetica-Bold").fontSize(12).text(text, MARGIN, y);
    y += LINE + 3;
  };
  const pairs = (rows: [string, string][]) => {
    for (const [label, value] of rows) {
      ensureRoom(1);
      doc.font("Helvetica").fontSize(10).text(label, MARGIN, y, { width: 200 });
      doc.text(value, MARGIN + 210, y, { width: 300 });
      y += LINE;
    }
  };
  const table = (columns: Column[], rows: string[][]) => {
    const line = (cells: string[], font: string) => {
      ensureRoom(1);
      let x = MARGIN;
      doc.font(font).fontSize(9);
      cells.forEach((cell, k) => {
        const column = columns[k]!;
        doc.text(cell, x, y, { width: column.width - 4, align: column.align ?? "left", lineBreak: false });
        x += column.width;
      });
      y += LINE;
    };
    line(
      columns.map((c) => c.title),
      "Helvetica-Bold",
    );
    for (const row of rows) line(row, "Helvetica");
  };

  doc.font("Helvetica-Bold").fontSize(16).text(t("loans.statement.title"), MARGIN, y);
  y += 26;
  const application = detail.current_account_application;
  pairs([
    [t("loans.statement.account"), detail.id],
    [t("loans.statement.product"), application?.product_name ?? detail.product_key ?? "-"],
    [t("loans.statement.printed_on"), formatDate(detail.today)],
  ]);

  if (application) {
    heading(t("loans.statement.summary"));
    pairs([
      [t("loans.term.amount"), formatRupiah(application.amount)],
      [t("loans.term.term"), formatTerm(application.term, "month")],
      [t("loans.term.rate"), formatDailyRate(application.daily_rate_ppm)],
      [t("loans.term.total_repayment"), formatRupiah(application.total_repayment)],
      [t("loans.term.effective_on"), application.effective_on ? formatDate(application.effective_on) : "-"],
      [t("loans.term.maturity_on"), application.maturity_on ? formatDate(application.maturity_on) : "-"],
      ...(detail.maturity_extension_days !== 0
        ? ([[t("loans.term.maturity_extension"), t("loans.term.maturity_extension_days", { days: detail.maturity_extension_days })]] as [string, string][])
        : []),
    ]);
  }

  heading(t("loans.statement.balances"));
  pairs([
    [t("loans.term.outstanding_principal"), formatRupiah(detail.outstanding_principal)],
    [t("loans.term.outstanding_total"), formatRupiah(detail.outstanding_total)],
    [t("loans.statement.paid_total"), formatRupiah(allInvoices.reduce((s, i) => s + paidOf(i), 0))],
    ...(detail.payoff?.credit ? ([[t("loans.term.credit"), formatRupiah(detail.payoff.credit)]] as [string, string][]) : []),
    ...(detail.payoff ? ([[t("loans.term.payoff"), formatRupiah(detail.payoff.amount_to_pay)]] as [string, string][]) : []),
  ]);

  heading(t("loans.statement.schedule"));
  if (schedule.length === 0) pairs([[t("loans.statement.no_schedule"), ""]]);
  else {
    table(
      [
        { title: t("loans.invoice.number"), width: 30 },
        { title: t("loans.invoice.due_on"), width: 75 },
        { title: t("loans.invoice.principal"), width: 75, align: "right" },
        { title: t("loans.invoice.interest"), width: 65, align: "right" },
        { title: t("loans.invoice.late_fee"), width: 55, align: "right" },
        { title: t("loans.invoice.total"), width: 75, align: "right" },
        { title: t("loans.invoice.paid"), width: 75, align: "right" },
        { title: t("loans.invoice.status"), width: 65 },
      ],
      schedule.map((i) => [
        String(i.number),
        formatDate(i.dueOn),
        formatRupiah(i.principal),
        formatRupiah(i.interest),
        formatRupiah(i.lateFee),
        formatRupiah(i.total + i.lateFee),
        formatRupiah(paidOf(i)),
        t(`loans.invoice.status_${invoiceState(i, detail.today)}`),
      ]),
    );
  }

  heading(t("loans.statement.payments"));
  if (payments.length === 0) pairs([[t("loans.statement.payments_empty"), ""]]);
  else {
    table(
      [
        { title: t("loans.invoice.paid_on"), width: 85 },
        { title: t("loans.invoice.paid"), width: 90, align: "right" },
        { title: t("loans.invoice.late_fee"), width: 70, align: "right" },
        { title: t("loans.invoice.interest"), width: 80, align: "right" },
        { title: t("loans.invoice.principal"), width: 90, align: "right" },
        { title: t("loans.statement.credit"), width: 90, align: "right" },
      ],
      payments.map((p) => [
        formatDate(p.businessDate),
        formatRupiah(p.amount),
        formatRupiah(p.lateFee),
        formatRupiah(p.interest),
        formatRupiah(p.principal),
        formatRupiah(p.credit - p.creditUsed),
      ]),
    );
  }

  ensureRoom(2);
  y += LINE;
  doc.font("Helvetica-Oblique").fontSize(8).text(t("loans.statement.footer"), MARGIN, y);
  doc.end();
  return done;
}
