import { beforeAll, describe, expect, it } from "vitest";
import { as, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import {
  buildBooking,
  buildBookingRequest,
  buildPlan,
  inDays,
  insertBookings,
  insertPlans,
} from "../../tests/factories";
import { BAD_DAYS, BAD_STRINGS, BAD_URL_VALUES, snapshot } from "../../tests/bad-input";
import { setupTestApp } from "../../tests/test-app";
import { closedDates } from "~/.server/db/schema";
import { MAX_JSON_DEPTH } from "~/lib/json-depth";

/*
 * Every operation of the OpenAPI document, and better-auth's account endpoints, given values no
 * field may take: NUL and other control characters, lone surrogates, 1 MB strings, wrong types,
 * malformed JSON and an empty body. Each request changes one field of a valid request to a bad
 * value, so it must be refused: no answer is a 5xx, and no table changes.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000000" } });

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
};
interface Operation {
  method: string;
  path: string;
  parameters?: { name: string; in: "path" | "query"; schema: JsonSchema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
}
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, JsonSchema> } };

const DATE_FIELDS: Record<string, string[]> = {
  "POST /bookings": ["preferredDate"],
  "GET /bookings": ["from", "to"],
  "GET /bookings/export.csv": ["from", "to"],
  "GET /bookings/day": ["date"],
  "GET /availability": ["date"],
  "GET /availability/days": ["from"],
  "POST /closed-dates": ["date"],
  "DELETE /closed-dates/{date}": ["date"],
  "GET /activity": ["from", "to"],
};
const isDateField = (operation: string, name: string) => DATE_FIELDS[operation]?.includes(name) ?? false;
const WRONG_TYPES: Record<string, unknown> = {
  number: 12345,
  object: { a: 1 },
  array: ["x"],
  null: null,
  boolean: true,
};

let admin: TestAccount;
let member: TestAccount;
let doc: Doc;
const ids: Record<string, string> = {};

beforeAll(async () => {
  [admin, member] = [await signUpAdmin(t), await signUp(t)];
  const [plan] = await insertPlans(t.database.db, [buildPlan()]);
  const [booking] = await insertBookings(t.database.db, [buildBooking({ email: member.email })]);
  await t.database.db.insert(closedDates).values({ date: inDays(20), reason: "Holiday" });
  // The admin's own vehicle: changes of it reach the body's checks (another's would be 404 first).
  const vehicle = await t.services.garage.addVehicle(await t.services.getActor(new Headers({ Cookie: admin.cookie })), {
    nickname: "",
    make: "Honda",
    model: "CR-V",
    color: "",
    year: 2019,
    vehicleType: "SUV",
    plate: "",
  });
  Object.assign(ids, {
    plan: plan!.id,
    booking: booking!.id,
    user: member.id,
    closed: inDays(20),
    vehicle: vehicle.insertedId,
  });
  doc = (await t.json<Doc>("/api/openapi.json")).body;
});

const resolve = (schema: JsonSchema): JsonSchema =>
  schema.$ref ? resolve(doc.components.schemas[schema.$ref.split("/").pop()!]!) : schema;

/** The JSON types a field's schema accepts. */
function acceptedTypes(raw: JsonSchema): Set<string> {
  const schema = resolve(raw);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return new Set(alternatives.flatMap((s) => [...acceptedTypes(s)]));
  const values = schema.enum ?? ("const" in schema ? [schema.const] : undefined);
  if (values) return new Set(values.map((v) => (v === null ? "null" : typeof v)));
  if (!schema.type) return new Set(["string", "number", "object", "array", "null", "boolean"]);
  const types = [schema.type].flat().map((type) => (type === "integer" ? "number" : type));
  return new Set(types);
}

const acceptsStringItems = (raw: JsonSchema) =>
  [resolve(raw), ...(resolve(raw).anyOf ?? [])].some((s) => s.type === "array" && s.items?.type === "string");

/** Values the field cannot take: bad strings where it takes text, and every type it does not take. */
function badValues(operation: string, name: string, field: JsonSchema): unknown[] {
  const accepted = acceptedTypes(field);
  return [
    ...(accepted.has("string") ? BAD_STRINGS : []),
    ...(isDateField(operation, name) ? BAD_DAYS : []),
    ...(acceptsStringItems(field) ? BAD_STRINGS.map((s) => [s]) : []),
    ...Object.entries(WRONG_TYPES)
      .filter(([type]) => !accepted.has(type))
      .map(([, value]) => value),
  ];
}

/** A valid body per operation (per variant of POST /plans), the field under test made bad in it. */
const validBodies = (): Record<string, Record<string, unknown>> => ({
  "POST /bookings": buildBookingRequest(),
  "PATCH /plans/{id}": { name: "Renamed wash" },
  NewPackage: { name: "Gold wash", price: 30, packagetype: "premium", features: ["Wax"] },
  NewHotel: {
    field: "hotel",
    hotelName: "Harbour Inn",
    hotelDescription: "By the sea",
    rating: 4,
    priceIndicator: "££",
  },
  "POST /user": { name: "Valid Name" },
  "PATCH /bookings/{id}": { status: "confirmed" },
  "PATCH /booking-settings": { bays: 4 },
  "POST /closed-dates": { date: inDays(30), reason: "Stocktake" },
  "POST /vehicles": { vehicleType: "SUV", make: "Honda" },
  "PATCH /vehicles/{id}": { model: "Civic" },
  "POST /bookings/{id}/service-record": { odometer: 12_000, oilType: "conventional" },
  "PATCH /follow-up-settings": { dueReminderDaysBefore: 5 },
  "PATCH /activity/settings": { retentionDays: 365 },
});
const validParams = (): Record<string, string> => ({
  id: ids.plan!,
  email: member.email,
  index: "0",
  date: inDays(1),
});
const validPathParam = (path: string, name: string) =>
  path.startsWith("/bookings/") && name === "id"
    ? ids.booking!
    : path.startsWith("/user/") && name === "id"
      ? ids.user!
      : path.startsWith("/closed-dates/")
        ? ids.closed!
        : path.startsWith("/vehicles/")
          ? ids.vehicle!
          : validParams()[name]!;

interface BadRequest {
  label: string;
  path: string;
  init: RequestInit;
}

function jsonRequest(label: string, path: string, method: string, body: unknown): BadRequest {
  const init = { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  return { label, path, init };
}

function urlWith(path: string, params: Record<string, string>, query: Record<string, string>) {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? "");
  const search = Object.entries(query)
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  return `/api${filled}${search ? `?${search}` : ""}`;
}

/** Every request the document's operations are sent. */
function apiRequests(): BadRequest[] {
  const requests: BadRequest[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [lower, operation] of Object.entries(operations)) {
      const method = lower.toUpperCase();
      const key = `${method} ${path}`;
      const parameters = operation.parameters ?? [];
      const params = Object.fromEntries(
        parameters
          .filter((p) => p.in === "path")
          .map((p) => [p.name, encodeURIComponent(validPathParam(path, p.name))]),
      );
      const query: Record<string, string> =
        key.endsWith("/day") || key.endsWith("/availability") ? { date: inDays(1) } : {};
      const body = operation.requestBody?.content["application/json"]?.schema;
      const variants = body?.oneOf?.map((s) => resolve(s)) ?? (body ? [resolve(body)] : []);
      const baseBody = (variant: JsonSchema, i: number) =>
        validBodies()[body?.oneOf ? body.oneOf[i]!.$ref!.split("/").pop()! : key] ?? {};
      const url = (p = params, q: Record<string, string> = query) => urlWith(path, p, q);
      const send = (label: string, target: string, payload?: unknown) =>
        requests.push(
          payload === undefined && !body
            ? { label, path: target, init: { method } }
            : jsonRequest(label, target, method, payload ?? baseBody(variants[0]!, 0)),
        );

      for (const parameter of parameters) {
        const values = [
          ...BAD_URL_VALUES,
          ...(isDateField(key, parameter.name) ? BAD_DAYS : []),
          ...(acceptedTypes(parameter.schema).has("string") ? [] : ["abc", "1e999"]),
        ];
        for (const value of values) {
          const label = `${key} ${parameter.in} ${parameter.name}=${value.slice(0, 20)}`;
          if (parameter.in === "path") send(label, url({ ...params, [parameter.name]: value }));
          else send(label, url(params, { ...query, [parameter.name]: value }));
        }
        if (parameter.in === "query")
          send(`${key} repeated ${parameter.name}`, `${url()}&${parameter.name}=a&${parameter.name}=b`);
      }
      variants.forEach((variant, i) => {
        for (const [field, schema] of Object.entries(variant.properties ?? {})) {
          for (const value of badValues(key, field, schema)) {
            const label = `${key} body ${field}=${JSON.stringify(value)?.slice(0, 20)}`;
            send(label, url(), { ...baseBody(variant, i), [field]: value });
          }
        }
      });
      if (body) {
        // An optional body may be empty: that request would be valid.
        const raws = ["{not json", ...(operation.requestBody!.required ? [""] : []), "null", "[]", '"text"', "12"];
        for (const raw of raws) {
          requests.push({
            label: `${key} raw body ${JSON.stringify(raw)}`,
            path: url(),
            init: { method, headers: { "Content-Type": "application/json" }, body: raw },
          });
        }
      }
      if (operation.requestBody?.content["multipart/form-data"]) requests.push(...multipartRequests(key, url()));
    }
  }
  return requests;
}

function multipartRequests(key: string, path: string): BadRequest[] {
  const requests: BadRequest[] = [];
  for (const field of ["image", "file"]) {
    for (const value of BAD_STRINGS) {
      const form = new FormData();
      form.set(field, value);
      requests.push({
        label: `${key} form ${field}=${value.slice(0, 20)}`,
        path,
        init: { method: "POST", body: form },
      });
    }
  }
  const garbage = { "Content-Type": "multipart/form-data; boundary=x" };
  requests.push({
    label: `${key} broken multipart`,
    path,
    init: { method: "POST", headers: garbage, body: "--x\r\n\0" },
  });
  requests.push({ label: `${key} empty multipart`, path, init: { method: "POST", headers: garbage, body: "" } });
  return requests;
}

/** better-auth's account endpoints, each field of a valid request made bad in turn. */
function authRequests(): BadRequest[] {
  const endpoints: [string, Record<string, unknown>][] = [
    ["/sign-up/email", { name: "New Person", email: "new-person@example.com", password: "wash-and-wax" }],
    ["/sign-in/email", { email: member.email, password: member.password, callbackURL: "/" }],
    ["/update-user", { name: "Valid Name", image: null }],
    ["/request-password-reset", { email: member.email, redirectTo: "/reset-password" }],
    ["/reset-password", { newPassword: "a-new-secret", token: "not-a-token" }],
  ];
  const requests: BadRequest[] = [];
  for (const [endpoint, valid] of endpoints) {
    for (const field of Object.keys(valid)) {
      const stringField = typeof valid[field] === "string" || valid[field] === null;
      const values = [...(stringField ? BAD_STRINGS : []), ...Object.values(WRONG_TYPES).filter((v) => v !== null)];
      for (const value of values) {
        const label = `POST /auth${endpoint} ${field}=${JSON.stringify(value).slice(0, 20)}`;
        requests.push(jsonRequest(label, `/api/auth${endpoint}`, "POST", { ...valid, [field]: value }));
      }
    }
    for (const raw of ["{not json", "", "null", "[]"]) {
      const init = { method: "POST", headers: { "Content-Type": "application/json" }, body: raw };
      requests.push({
        label: `POST /auth${endpoint} raw body ${JSON.stringify(raw)}`,
        path: `/api/auth${endpoint}`,
        init,
      });
    }
  }
  for (const value of BAD_URL_VALUES) {
    requests.push({
      label: `GET reset token ${value.slice(0, 20)}`,
      path: `/api/auth/reset-password/${value}`,
      init: {},
    });
    requests.push({
      label: `GET verify-email ${value.slice(0, 20)}`,
      path: `/api/auth/verify-email?token=${value}`,
      init: {},
    });
  }
  return requests;
}

/** better-auth's endpoints that take a JSON body, each with a valid one. */
const authBodies = (): [string, Record<string, unknown>][] => [
  ["/sign-up/email", { name: "New Person", email: "deep-person@example.com", password: "wash-and-wax" }],
  ["/sign-in/email", { email: member.email, password: member.password, callbackURL: "/" }],
  ["/update-user", { name: "Valid Name" }],
  ["/request-password-reset", { email: member.email, redirectTo: "/reset-password" }],
  ["/reset-password", { newPassword: "a-new-secret", token: "not-a-token" }],
  ["/change-password", { currentPassword: member.password, newPassword: "a-new-secret" }],
  ["/change-email", { newEmail: "deep-change@example.com", callbackURL: "/" }],
  ["/send-verification-email", { email: member.email, callbackURL: "/" }],
  ["/sign-out", {}],
];

/**
 * JSON text of `valid` with its first field (or a field of its own) nested `depth` arrays deep:
 * built as text, as an attacker sends it, without a recursive stringify.
 */
function nestedBody(valid: Record<string, unknown>, depth: number): string {
  const [field = "extra"] = Object.keys(valid);
  const rest = JSON.stringify({ ...valid, [field]: undefined }).slice(1, -1);
  return `{${rest ? `${rest},` : ""}"${field}":${"[".repeat(depth)}${"]".repeat(depth)}}`;
}

/**
 * Every JSON body the document declares and every better-auth endpoint's, nested one level past
 * MAX_JSON_DEPTH and 10,000 deep (issue 24, finding 2: 4,000 deep overflowed the stack of the
 * check of better-auth's input, and six of its endpoints answered 500).
 */
function deepRequests(): BadRequest[] {
  const requests: BadRequest[] = [];
  const bodies = validBodies();
  for (const depth of [MAX_JSON_DEPTH, 10_000]) {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [lower, operation] of Object.entries(operations)) {
        const method = lower.toUpperCase();
        const key = `${method} ${path}`;
        if (!operation.requestBody?.content["application/json"]) continue;
        const params = Object.fromEntries(
          (operation.parameters ?? [])
            .filter((p) => p.in === "path")
            .map((p) => [p.name, encodeURIComponent(validPathParam(path, p.name))]),
        );
        const valid = bodies[key] ?? (path === "/plans" ? bodies.NewPackage! : {});
        const init = { method, headers: { "Content-Type": "application/json" }, body: nestedBody(valid, depth) };
        requests.push({ label: `${key} nested ${depth + 1} deep`, path: urlWith(path, params, {}), init });
      }
    }
    for (const [endpoint, valid] of authBodies()) {
      const init = { method: "POST", headers: { "Content-Type": "application/json" }, body: nestedBody(valid, depth) };
      requests.push({ label: `POST /auth${endpoint} nested ${depth + 1} deep`, path: `/api/auth${endpoint}`, init });
    }
  }
  return requests;
}

async function sendAll(requests: BadRequest[], account: TestAccount | null) {
  const failures: string[] = [];
  for (const { label, path, init } of requests) {
    const response = await t.request(path, as(account, init));
    await response.arrayBuffer().catch(() => undefined);
    // Every request holds a bad value: a change that succeeds took one.
    const accepted = response.status < 400 && (init.method ?? "GET") !== "GET";
    if (response.status >= 500 || accepted) failures.push(`${response.status} ${label}`);
  }
  return failures;
}

describe("a JSON body nested too deep", () => {
  /** Refused before its body is read, as with any body: not signed in, not an admin, no such manage or waitlist link. */
  const refusedUnread = (status: number, label: string, who: string) =>
    (status === 404 && /\/bookings\/manage\/|\/waitlist\/(offers|leave)\//.test(label)) ||
    (!label.includes("/auth/") && ((who === "a visitor" && status === 401) || (who === "a member" && status === 403)));

  it.each([
    ["an admin", () => admin],
    ["a member", () => member],
    ["a visitor", () => null],
  ])(
    "as %s: refused with 400 by every JSON endpoint that reads it, the product's and better-auth's",
    async (who, account) => {
      const requests = deepRequests();
      const withJson = Object.entries(doc.paths).flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) => operation.requestBody?.content["application/json"])
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
      const covered = new Set(requests.map((r) => r.label.split(" ").slice(0, 2).join(" ")));
      expect(withJson.filter((operation) => !covered.has(operation))).toEqual([]);
      expect(withJson.length).toBeGreaterThan(10);
      const before = await snapshot(t);
      const answers: string[] = [];
      for (const { label, path, init } of requests) {
        const response = await t.request(path, as(account(), init));
        const body = (await response.json()) as { error?: { message?: string } };
        if (refusedUnread(response.status, label, who)) continue;
        if (response.status !== 400 || !body.error?.message?.includes("nests more than"))
          answers.push(`${response.status} ${label}`);
      }
      expect(answers).toEqual([]);
      expect(await snapshot(t)).toEqual(before);
    },
  );
});

describe("bad input to every operation", () => {
  it.each([
    ["an admin", () => admin],
    ["a visitor", () => null],
  ])(
    "as %s: no answer is a 5xx and nothing changes",
    async (_who, account) => {
      const requests = [...apiRequests(), ...authRequests()];
      // Read from the document: every operation that takes input is covered, not only the ones named here.
      const withInput = Object.entries(doc.paths).flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) => operation.parameters?.length || operation.requestBody)
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
      const covered = new Set(requests.map((r) => r.label.split(" ").slice(0, 2).join(" ")));
      expect(withInput.filter((operation) => !covered.has(operation))).toEqual([]);
      expect(withInput.length).toBeGreaterThan(20);
      const before = await snapshot(t);
      const started = Date.now();
      const failures = await sendAll(requests, account());
      console.info(`${requests.length} bad requests as ${_who} in ${Date.now() - started} ms`);
      expect(failures).toEqual([]);
      expect(await snapshot(t)).toEqual(before);
    },
    120_000,
  );
});
