export * from "./machine.ts";
export * from "./tables.ts";
