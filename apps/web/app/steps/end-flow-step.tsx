import { t } from "@pinjaman/i18n";
import { Link } from "react-router";
import type { StepRendererProps } from "./step-props.ts";
import "@pinjaman/i18n/ns/flows";

/**
 * end_flow: the flow is done, or (no_flow_available) there is nothing to do and `reason` says
 * why, with `resume` the open flow that holds a new loan back; the customer goes on to where the
 * flow leads (their profile).
 */
export default function EndFlowStep({ step }: StepRendererProps) {
  const redirect = typeof step.data?.redirect === "string" ? step.data.redirect : "/profile";
  const reason = typeof step.data?.reason === "string" ? step.data.reason : null;
  const resume = typeof step.data?.resume === "string" ? step.data.resume : null;
  return (
    <>
      {reason ? (
        <p className="flow-end-reason" role="status">
          {reason}
        </p>
      ) : null}
      <p>
        {resume ? (
          <Link className="button button--primary" to={resume}>
            {t("flows.page.resume_open_flow")}
          </Link>
        ) : null}{" "}
        <Link className={resume ? "button" : "button button--primary"} to={redirect}>
          {t("flows.page.to_profile")}
        </Link>
      </p>
    </>
  );
}
