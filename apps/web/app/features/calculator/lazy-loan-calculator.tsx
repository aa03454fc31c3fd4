import { lazy } from "react";

/**
 * The calculator as pages place it: its module (controls, schedule table, API call) loads on
 * demand, so it is not part of any page's first-load scripts. The widget's Suspense boundary keeps
 * the server-rendered calculator on screen until it has loaded and hydrated.
 */
export const loadLoanCalculator = () => import("./loan-calculator.tsx");
export const LazyLoanCalculator = lazy(() => loadLoanCalculator().then((m) => ({ default: m.LoanCalculator })));
