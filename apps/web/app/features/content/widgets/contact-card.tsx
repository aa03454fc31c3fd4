import type { CompanyInfo } from "@pinjaman/contracts/site";
import { t } from "@pinjaman/i18n";
import "@pinjaman/i18n/ns/home";

type ContactFacts = Pick<CompanyInfo, "name" | "email" | "phone" | "address">;

/** "+62 21 5091 8800" → "tel:+622150918800". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export function ContactCard({ company }: { company: ContactFacts }) {
  return (
    <div className="contact-card">
      <p className="contact-card-name">{company.name}</p>
      <dl>
        <div>
          <dt>{t("home.contact.phone")}</dt>
          <dd>
            <a href={telHref(company.phone)}>{company.phone}</a>
          </dd>
        </div>
        <div>
          <dt>{t("home.contact.email")}</dt>
          <dd>
            <a href={`mailto:${company.email}`}>{company.email}</a>
          </dd>
        </div>
        <div>
          <dt>{t("home.contact.address")}</dt>
          <dd>
            <address>{company.address}</address>
          </dd>
        </div>
      </dl>
    </div>
  );
}
