import type { CustomerRole, Profile } from "@pinjaman/contracts/identity";
import { formatDateTime } from "@pinjaman/domain/dates";
import { isStaffRole } from "@pinjaman/domain/staff";
import { t } from "@pinjaman/i18n";
import { useEffect, useId, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { sessionActions } from "../session/session-actions.ts";
import { useSessionState } from "../session/session-store.ts";
import { apiFetch } from "../shell/api-fetch.ts";
import { LoadingBox } from "../shell/loading-box.tsx";
import "@pinjaman/i18n/ns/auth";
import "./auth.css";

export const PROFILE_URL = "/app_api/v1/profile";
export const NOTICES_SEARCH_URL = "/app_api/v1/customer_notices/search";

export type CustomerNotice = { id: string; title: string; body: string; created_at: string; read_at: string | null };

type Loaded<T> = { data: T; error: null } | { data: null; error: string } | null;

async function load<T>(work: Promise<{ data: T }>): Promise<Loaded<T>> {
  try {
    return { data: (await work).data, error: null };
  } catch (error) {
    return { data: null, error: error instanceof Error ? error.message : t("auth.profile.load_failed") };
  }
}

export function roleLabel(role: CustomerRole): string {
  return t(`auth.profile.role.${role.type_key}`);
}

function RoleChoice({ roles, roleId }: { roles: CustomerRole[]; roleId: string | null }) {
  const name = useId();
  const current = roles.find((role) => role.id === roleId);
  if (roles.length < 2) {
    return current ? <p>{t("auth.profile.role_current", { role: roleLabel(current) })}</p> : null;
  }
  return (
    <fieldset className="profile-roles">
      <legend>{t("auth.profile.roles_legend")}</legend>
      <p className="field__hint">{t("auth.profile.roles_hint")}</p>
      {roles.map((role) => (
        <label key={role.id}>
          <input
            type="radio"
            name={name}
            value={role.id}
            checked={role.id === roleId}
            onChange={() => sessionActions.selectRole(role.id)}
          />
          {roleLabel(role)}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * /profile: greets the customer and shows their account, `children` (the route puts the loan
 * dashboard there) once the identity is loaded, their roles (with the switch when there are
 * several) and their notices.
 */
export function ProfilePage({ children }: { children?: ReactNode }) {
  const session = useSessionState();
  const [profile, setProfile] = useState<Loaded<Profile>>(null);
  const [notices, setNotices] = useState<Loaded<CustomerNotice[]>>(null);
  const loaded = session.identityLoaded;
  const roleId = session.roleId;

  useEffect(() => {
    void sessionActions.ensureIdentity();
  }, []);

  useEffect(() => {
    if (!loaded) return;
    let current = true;
    void load(apiFetch<{ data: Profile }>(PROFILE_URL)).then((result) => current && setProfile(result));
    return () => {
      current = false;
    };
  }, [loaded]);

  // Notices are read as the chosen role: read again when it changes.
  useEffect(() => {
    if (!loaded) return;
    let current = true;
    void load(apiFetch<{ data: CustomerNotice[] }>(NOTICES_SEARCH_URL, { method: "POST", body: { filters: [] } })).then(
      (result) => current && setNotices(result),
    );
    return () => {
      current = false;
    };
  }, [loaded, roleId]);

  const roles = Object.values(session.roles);
  const phone = profile?.data?.phone;

  return (
    <div className="container">
      <div className="profile-page">
        <LoadingBox loaded={loaded}>
          <h1>{t("auth.profile.greeting", { name: session.name ?? "" })}</h1>
          <section aria-labelledby="profile-details-title">
            <h2 id="profile-details-title">{t("auth.profile.details")}</h2>
            <dl className="profile-details">
              <dt>{t("auth.profile.email")}</dt>
              <dd>{session.email}</dd>
              {phone && (
                <>
                  <dt>{t("auth.profile.phone")}</dt>
                  <dd>{phone}</dd>
                </>
              )}
            </dl>
          </section>
          {children}
          <section aria-labelledby="profile-roles-title">
            <h2 id="profile-roles-title">{t("auth.profile.roles_title")}</h2>
            <RoleChoice roles={roles} roleId={roleId} />
            {roles.some((role) => isStaffRole(role.type_key)) && (
              <p>
                <Link to="/back-office">{t("auth.profile.back_office_link")}</Link>
              </p>
            )}
          </section>
          <section aria-labelledby="profile-notices-title">
            <h2 id="profile-notices-title">{t("auth.profile.notices_title")}</h2>
            <LoadingBox loaded={notices !== null} error={notices?.error}>
              {notices?.data && notices.data.length === 0 && <p>{t("auth.profile.notices_empty")}</p>}
              {notices?.data && notices.data.length > 0 && (
                <ul className="profile-notices">
                  {notices.data.map((notice) => (
                    <li key={notice.id}>
                      <h3>
                        {notice.title}
                        {!notice.read_at && <span className="notice-badge">{t("auth.profile.notice_new")}</span>}
                      </h3>
                      <p className="notice-meta">
                        <time dateTime={notice.created_at}>{formatDateTime(new Date(notice.created_at))}</time>
                      </p>
                      <p>{notice.body}</p>
                    </li>
                  ))}
                </ul>
              )}
            </LoadingBox>
          </section>
        </LoadingBox>
      </div>
    </div>
  );
}
