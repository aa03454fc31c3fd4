import type { FastifyInstance } from "fastify";

/** The subset of JSON Schema the zod → OpenAPI transform writes. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  default?: unknown;
  nullable?: boolean;
};

export type Parameter = { in: "path" | "query" | "header" | "cookie"; name: string; required?: boolean; schema: JsonSchema };

/** One operation of the OpenAPI document, as the sweeps call it. */
export type Operation = {
  method: string;
  /** OpenAPI form: /flows/{key}/flow_progresses */
  path: string;
  parameters: Parameter[];
  /** application/json body schema, if the operation takes one. */
  body: JsonSchema | null;
  multipart: boolean;
};

/** Every operation of the served document (`app.swagger()` after `app.ready()`). */
export function documentOperations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  };
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      if (method === "options" || method === "head") continue;
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: content["application/json"]?.schema ?? null,
        // The form uploads are described as multipart forms (plugins/openapi.ts).
        multipart: "multipart/form-data" in content,
      });
    }
  }
  return operations;
}

const SAMPLE_UUID = "00000000-0000-4000-8000-000000000000";

/** A plausible valid value for a schema: the starting point every bad request bends one way. */
export function sampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return "x";
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return sampleOf(variant, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const value: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) value[key] = sampleOf(child, depth + 1);
      return value;
    }
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => sampleOf(schema.items, depth + 1));
    case "integer":
    case "number":
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case "boolean":
      return true;
    case "string":
      if (schema.format === "uuid") return SAMPLE_UUID;
      if (schema.format === "email") return "sweep@pinjaman.test";
      if (schema.format === "date") return "2026-01-15";
      if (schema.format === "date-time") return "2026-01-15T08:00:00.000Z";
      return "sweep".padEnd(schema.minLength ?? 0, "x");
    default:
      return "x";
  }
}

export type LeafPath = (string | number)[];

/** Paths of every value inside a sample (objects and arrays included), root excluded. */
export function pathsOf(value: unknown, prefix: LeafPath = []): LeafPath[] {
  if (value === null || typeof value !== "object") return [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

/** A copy of `root` with the value at `path` replaced (or removed when `remove`). */
export function withValueAt(root: unknown, path: LeafPath, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    if (rest.length === 0 && remove) copy.splice(Number(head), 1);
    else copy[Number(head)] = withValueAt(copy[Number(head)], rest, value, remove);
    return copy;
  }
  const copy = { ...(root as Record<string, unknown>) };
  if (rest.length === 0 && remove) delete copy[String(head)];
  else copy[String(head)] = withValueAt(copy[String(head)], rest, value, remove);
  return copy;
}
