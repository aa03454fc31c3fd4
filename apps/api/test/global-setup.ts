import type { TestProject } from "vitest/node";
import { makeDatabaseTemplate, type DatabaseTemplate } from "./database-template.ts";

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** The API project's global setup: one migrated, seeded template database for the whole run. */
export default async function setup(project: TestProject) {
  const { template, remove } = await makeDatabaseTemplate(process.env.TEST_DATABASE_URL);
  project.provide("databaseTemplate", template);
  return remove;
}
