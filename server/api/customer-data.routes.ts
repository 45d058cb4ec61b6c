import { createRoute } from "@hono/zod-openapi";
import {
  customerDataSchema,
  deleteAccountSchema,
  erasureSchema,
  exportFileName,
  guestSchema,
} from "~/features/customer-data/customer-data.schema";
import { adminErrors, errorResponse } from "../errors";
import { type Api } from "./api-env";
import { jsonResponse } from "./openapi-responses";

const customerData = customerDataSchema;
const erasure = erasureSchema.meta({ id: "Erasure" });
const notSignedIn = { 401: errorResponse("Not signed in") };
const kept =
  "Every booking stays in the shop's books (date, service, lines, totals) without the name, phone, e-mail, plate, " +
  "vehicle make, model and colour, notes and promo code (docs/decisions/036). ";

const myExportRoute = createRoute({
  method: "get",
  path: "/me/export",
  summary: "Everything the shop holds about the signed-in person, as a JSON file",
  description:
    "The account (never its password or session tokens), sessions, vehicles, bookings (made signed in, or with the " +
    "account's address once confirmed), service records, reviews, e-mails sent to them, e-mail choices and waitlist " +
    "places. Nobody else's: a booking with the same phone and another address is not theirs.",
  responses: { 200: jsonResponse(customerData, "The download (an attachment)"), ...notSignedIn },
});

const deleteMeRoute = createRoute({
  method: "delete",
  path: "/me",
  summary: "Delete the signed-in account, with its password",
  description:
    kept +
    "In one transaction: upcoming bookings cancelled with the usual e-mails, vehicles, service records, reviews, " +
    "waitlist places, e-mail choices and stored e-mails deleted, then the account with its sessions. A wrong " +
    "password changes nothing (400). An administrator is made a member first (409); a car at the shop is " +
    "collected first (409). A second deletion at the same moment is told the account is gone (409 or 401).",
  request: { body: { required: true, content: { "application/json": { schema: deleteAccountSchema } } } },
  responses: {
    200: jsonResponse(erasure, "Deleted: what was kept and removed, in numbers"),
    400: errorResponse("Wrong password, or an invalid body"),
    409: errorResponse("Refused by a rule, or already deleted"),
    ...notSignedIn,
  },
});

const guestExportRoute = createRoute({
  method: "get",
  path: "/customers/export",
  summary: "A guest customer's data as a JSON file, for a customer who asked (admins)",
  description:
    "Their bookings by e-mail (and, with `phone`, those made without an e-mail by that number's digits), service " +
    "records, reviews, e-mails sent to the address, e-mail choices and waitlist places. An address with a member's " +
    "account is theirs to download (409). The download is recorded in the audit log, without who it was for.",
  request: { query: guestSchema },
  responses: {
    200: jsonResponse(customerData, "The download (an attachment)"),
    400: errorResponse("Invalid query"),
    409: errorResponse("A member's account uses this address"),
    ...adminErrors,
  },
});

const guestEraseRoute = createRoute({
  method: "post",
  path: "/customers/erase",
  summary: "Remove a guest customer's details, for a customer who asked (admins)",
  description:
    kept +
    "Their upcoming bookings are cancelled with the usual e-mails; service records, reviews, waitlist places, " +
    "e-mail choices and stored e-mails are deleted. Afterwards a search for the address finds nothing. An address " +
    "with a member's account is theirs to delete (409); a car at the shop is collected first (409).",
  request: { body: { required: true, content: { "application/json": { schema: guestSchema.meta({ id: "Guest" }) } } } },
  responses: {
    200: jsonResponse(erasure, "Removed: what was kept and removed, in numbers"),
    400: errorResponse("Invalid body"),
    409: errorResponse("Refused by a rule"),
    ...adminErrors,
  },
});

/** A customer's data in their hands (issue 31 part 3, decision 036): downloads and erasure. */
export function registerCustomerDataRoutes(api: Api) {
  api.openapi(myExportRoute, async (c) => {
    const data = await c.var.services.customerData.exportMine(await c.var.actor());
    c.header("Cache-Control", "private, no-store");
    c.header("Content-Disposition", `attachment; filename="${exportFileName("my", c.var.today())}"`);
    return c.json(data, 200);
  });

  api.openapi(deleteMeRoute, async (c) =>
    c.json(
      await c.var.services.customerData.deleteMyAccount(await c.var.actor(), c.req.valid("json"), c.req.raw.headers),
      200,
    ),
  );

  api.openapi(guestExportRoute, async (c) => {
    const data = await c.var.services.customerData.exportGuest(await c.var.actor(), c.req.valid("query"));
    c.header("Cache-Control", "private, no-store");
    c.header("Content-Disposition", `attachment; filename="${exportFileName("customer", c.var.today())}"`);
    return c.json(data, 200);
  });

  api.openapi(guestEraseRoute, async (c) =>
    c.json(await c.var.services.customerData.eraseGuest(await c.var.actor(), c.req.valid("json")), 200),
  );
}
