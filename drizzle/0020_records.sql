CREATE INDEX "bookings_vehicle_key_idx" ON "bookings" USING btree (coalesce("vehicle_id", lower("email") || '|' || case
    when "vehicle_plate" <> '' then 'plate:' || upper(regexp_replace("vehicle_plate", '[^A-Za-z0-9]', '', 'g'))
    else lower("vehicle_make") || '|' || lower("vehicle_model") || '|' || "vehicle_type" end)) WHERE "bookings"."status" <> 'cancelled';