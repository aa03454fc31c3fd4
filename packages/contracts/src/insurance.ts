import { z } from "zod";

/**
 * Automatic insurance of a lender's new investments (spec sections 3 and 7, decision 0024). The
 * setting is read and changed through the flow engine: GET accounts/{id}/flows/
 * insurance_choice_lender_account/flow_progresses/new (the first field's current_value is the
 * setting), POST …/flow_progresses, then PATCH flow_progresses/{id}/move/next with these values.
 */
export const INSURANCE_CHOICE_FLOW_KEY = "insurance_choice_lender_account";
export type InsuranceChoiceFlowKey = typeof INSURANCE_CHOICE_FLOW_KEY;

/** The values the flow's single step takes. */
export const insuranceChoiceValues = z.object({ automatic_insurance_investor: z.boolean() });
export type InsuranceChoiceValues = z.infer<typeof insuranceChoiceValues>;

/** The first field of the flow's step one as the section reads it. */
export const insuranceSettingField = z.object({ key: z.literal("automatic_insurance_investor"), current_value: z.boolean().nullable() });
export type InsuranceSettingField = z.infer<typeof insuranceSettingField>;
