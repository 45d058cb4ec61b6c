import { createRoute, z } from "@hono/zod-openapi";
import { membershipSchema } from "~/features/club/club.schema";
import { toApiBooking } from "~/features/bookings/bookings.schema";
import { customersCsvHeader, customersCsvRows } from "~/features/customers/customers-csv";
import {
  apiCustomerDetailSchema,
  customerNoteSchema,
  customerQuerySchema,
  customerRowSchema,
  noteInputSchema,
} from "~/features/customers/customers.schema";
import { textField } from "~/lib/text-field";
import { adminErrors, errorResponse } from "../errors";
import { type Api } from "./api-env";
import { csvDownload } from "./csv-stream";
import { jsonResponse } from "./openapi-responses";

const who =
  "One row per customer (docs/decisions/038): an account by its verified e-mail, with the bookings it made and " +
  "every booking made with that e-mail; a guest by their bookings' e-mail, or by their phone's digits when they " +
  "gave none. Two people sharing a phone with different e-mails are two customers. ";

const listRoute = createRoute({
  method: "get",
  path: "/customers",
  summary: "Every customer, accounts and guests together, with their figures (admins)",
  description:
    who +
    "Searched by name, e-mail, phone or plate (q, anywhere in the text; the counter's customer search uses it), in " +
    "the order asked, limit and offset paging; X-Total-Count says how many the search finds. Each row keeps the " +
    "latest booking's details the counter pre-fills from.",
  request: { query: customerQuerySchema },
  responses: {
    200: jsonResponse(z.array(customerRowSchema.meta({ id: "Customer" })), "A page of customers"),
    400: errorResponse("Invalid query"),
    ...adminErrors,
  },
});

const csvRoute = createRoute({
  method: "get",
  path: "/customers/list.csv",
  summary: "Every customer the search finds, in the order asked, as CSV (admins)",
  description: `${who}Cells a spreadsheet would run as formulas start with an apostrophe.`,
  request: { query: customerQuerySchema.pick({ q: true, sort: true }) },
  responses: {
    200: { description: "CSV with a header row", content: { "text/csv": { schema: z.string() } } },
    400: errorResponse("Invalid query"),
    ...adminErrors,
  },
});

const params = z.object({ id: textField() });

const detailRoute = createRoute({
  method: "get",
  path: "/customers/{id}",
  summary: "A customer's page: vehicles with their oil changes, bookings, reviews, messages, notes (admins)",
  request: { params },
  responses: {
    200: jsonResponse(
      apiCustomerDetailSchema
        .extend({ club: z.array(membershipSchema).describe("their Wash Club memberships, by e-mail or phone") })
        .meta({ id: "CustomerDetail" }),
      "The customer",
    ),
    404: errorResponse("No such customer"),
    ...adminErrors,
  },
});

const addNoteRoute = createRoute({
  method: "post",
  path: "/customers/{id}/notes",
  summary: "Add a note about a customer (admins); recorded in Activity",
  request: {
    params,
    body: { required: true, content: { "application/json": { schema: noteInputSchema.meta({ id: "NoteInput" }) } } },
  },
  responses: {
    201: jsonResponse(customerNoteSchema.meta({ id: "CustomerNote" }), "The note"),
    400: errorResponse("An empty or too long note"),
    404: errorResponse("No such customer"),
    ...adminErrors,
  },
});

const deleteNoteRoute = createRoute({
  method: "delete",
  path: "/customers/{id}/notes/{noteId}",
  summary: "Delete a note about a customer (admins); recorded in Activity",
  request: { params: params.extend({ noteId: textField() }) },
  responses: {
    204: { description: "Deleted" },
    404: errorResponse("No such customer or note"),
    ...adminErrors,
  },
});

/** After the customer-data routes: /customers/export and /customers/erase are not ids. */
export function registerCustomerRoutes(api: Api) {
  api.openapi(listRoute, async (c) => {
    const page = await c.var.services.customers.list(await c.var.actor(), c.req.valid("query"));
    c.header("X-Total-Count", String(page.total));
    c.header("Cache-Control", "private, no-store");
    return c.json(page.items, 200);
  });

  api.openapi(csvRoute, async (c) => {
    const batches = c.var.services.customers.exportAll(await c.var.actor(), c.req.valid("query"));
    const file = { name: `customers-${c.var.today()}.csv`, header: customersCsvHeader(), rows: customersCsvRows };
    return csvDownload(c, file, batches);
  });

  api.openapi(detailRoute, async (c) => {
    const actor = await c.var.actor();
    const detail = await c.var.services.customers.detail(actor, c.req.valid("param").id, c.var.today());
    const club = await c.var.services.club.memberships.ofCustomer(actor, detail.customer, c.var.today());
    c.header("Cache-Control", "private, no-store");
    return c.json(
      { ...detail, club, upcoming: detail.upcoming.map(toApiBooking), past: detail.past.map(toApiBooking) },
      200,
    );
  });

  api.openapi(addNoteRoute, async (c) => {
    const note = await c.var.services.customers.addNote(
      await c.var.actor(),
      c.req.valid("param").id,
      c.req.valid("json").body,
    );
    return c.json(note, 201);
  });

  api.openapi(deleteNoteRoute, async (c) => {
    const { id, noteId } = c.req.valid("param");
    await c.var.services.customers.deleteNote(await c.var.actor(), id, noteId);
    return c.body(null, 204);
  });
}
