import { debtServiceRatioBp, type DecisionInput, type RiskGrade } from "./rules.ts";

/**
 * The risk grade lenders see on an approved application (decision record 0010): points from
 * three tables, added; fewer points, better grade. An input that is not known scores the worst
 * row of its table (an operator's approval of an application without a declared income).
 */

/** Income-to-instalment: all online-loan instalments over income, upper bound in basis points. */
export const RATIO_POINTS: readonly { maxBp: number; points: number }[] = [
  { maxBp: 1000, points: 0 },
  { maxBp: 2000, points: 1 },
  { maxBp: Number.MAX_SAFE_INTEGER, points: 2 },
];

/** Employment: steady salaried work first. "payroll": the employer deducts the instalment. */
export const EMPLOYMENT_POINTS: Readonly<Record<string, number>> = {
  payroll: 0,
  civil_servant: 0,
  employee: 0,
  entrepreneur: 1,
  self_employed: 1,
  freelancer: 2,
};
export const UNKNOWN_EMPLOYMENT_POINTS = 2;

/** Other platforms with an outstanding loan, upper bound of the count. */
export const PLATFORM_POINTS: readonly { max: number; points: number }[] = [
  { max: 0, points: 0 },
  { max: 1, points: 1 },
  { max: Number.MAX_SAFE_INTEGER, points: 2 },
];

/** Total points (0–6) to grade, upper bound of the points. */
export const GRADE_BY_POINTS: readonly { maxPoints: number; grade: RiskGrade }[] = [
  { maxPoints: 0, grade: "A" },
  { maxPoints: 1, grade: "B" },
  { maxPoints: 2, grade: "C" },
  { maxPoints: 4, grade: "D" },
  { maxPoints: Number.MAX_SAFE_INTEGER, grade: "E" },
];

function lookup<T>(rows: readonly T[], fits: (row: T) => boolean): T {
  return rows.find(fits) ?? rows[rows.length - 1]!;
}

export type GradePoints = { ratio: number; employment: number; platforms: number; total: number };

export function gradePoints(input: Pick<DecisionInput, "instalment" | "otherPlatformsInstalment" | "monthlyIncome" | "employmentType" | "otherPlatformsCount">): GradePoints {
  const ratioBp = input.otherPlatformsInstalment === null ? null : debtServiceRatioBp(input.instalment + input.otherPlatformsInstalment, input.monthlyIncome);
  const ratio = ratioBp === null ? RATIO_POINTS[RATIO_POINTS.length - 1]!.points : lookup(RATIO_POINTS, (r) => ratioBp <= r.maxBp).points;
  const employment = input.employmentType !== null && Object.hasOwn(EMPLOYMENT_POINTS, input.employmentType) ? EMPLOYMENT_POINTS[input.employmentType]! : UNKNOWN_EMPLOYMENT_POINTS;
  const count = input.otherPlatformsCount;
  const platforms = count === null ? PLATFORM_POINTS[PLATFORM_POINTS.length - 1]!.points : lookup(PLATFORM_POINTS, (r) => count <= r.max).points;
  return { ratio, employment, platforms, total: ratio + employment + platforms };
}

export function riskGrade(input: Parameters<typeof gradePoints>[0]): RiskGrade {
  const { total } = gradePoints(input);
  return lookup(GRADE_BY_POINTS, (g) => total <= g.maxPoints).grade;
}
