ALTER TABLE "add_ons" ADD COLUMN "included_plan_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "oil_type" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "service_type" text;--> statement-breakpoint
-- Each package names its service (decision 048), as the service pages read it from its name until
-- now (app/features/offerings/service-catalogue.ts, in the same order); a name none matches is a
-- Full Detail, the shop's general work, until the owner says otherwise on its edit page.
UPDATE "plans" SET "service_type" = CASE
  WHEN "name" ~* '\mwash\M' THEN 'Hand Wash'
  WHEN "name" ~* '\minterior\M' THEN 'Interior Clean'
  WHEN "name" ~* '\mwax\M' THEN 'Wax'
  WHEN "name" ~* '\mdetail\M' THEN 'Full Detail'
  WHEN "name" ~* '\m(oil|lube)\M' THEN 'Oil Change'
  WHEN "name" ~* '\mengine\M' THEN 'Engine Clean'
  ELSE 'Full Detail' END
WHERE "field" IS NULL;--> statement-breakpoint
-- A "services" package named as a single service at the single service's own price is that
-- service listed twice (the demo catalogue's Engine Clean, Interior Clean and Wax): the price
-- list keeps the single service. Bookings keep their package's name and lines (plan_id is set null).
DELETE FROM "plans" p USING "service_prices" s
WHERE p."field" IS NULL AND p."package_type" = 'services'
  AND lower(p."name") = lower(s."service_type") AND p."price_cents" = s."price_cents";--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_service_check" CHECK (case when "plans"."field" is null then "plans"."service_type" is not null else "plans"."service_type" is null end);
