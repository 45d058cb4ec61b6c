import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { RequestIdVariables } from "hono/request-id";
import { requestHeader } from "./request-headers";

/** What a balancer's X-Request-Id may be to be kept: letters, digits, _ - =, at most 128 (hono/request-id's rule). */
const WELL_FORMED = /^[\w\-=]{1,128}$/;

/**
 * hono/request-id with limitLength 128, reading the header from Node's parse of the request
 * (server/request-headers.ts) rather than from a Headers copy made for it: every answer names its
 * request, the balancer's X-Request-Id when it sent a well-formed one, otherwise a new UUID.
 */
export function requestId(): MiddlewareHandler<{ Variables: RequestIdVariables }> {
  return async (c, next) => {
    const sent = requestHeader(c, "x-request-id");
    const id = sent !== undefined && WELL_FORMED.test(sent) ? sent : randomUUID();
    c.set("requestId", id);
    c.header("X-Request-Id", id);
    await next();
  };
}
