import { Fragment } from "react";

/** Label and value pairs as a description list (the profile pages' `profile-details`). */
export function Figures({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <dl className="profile-details">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
