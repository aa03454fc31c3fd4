export * from "./kyc-answers.ts";
export * from "./rules.ts";
export * from "./risk-grade.ts";
