import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useCan } from "~/lib/use-can";
import { apiFetch } from "~/lib/api-client";
import { ANYTIME, bookingRequestSchema, slotHours, VEHICLE_TYPES } from "../bookings.schema";
import { VisitAddOns } from "../request/add-on-choices";
import { BookingSummary } from "../request/booking-summary";
import { DayChoices } from "../request/day-choices";
import { PackageChoices, ServiceChoices } from "../request/service-step";
import { SlotChoices } from "../request/slot-choices";
import { useCataloguePackages, useServicePrices } from "../request/use-booking-choices";
import { useVisit } from "../request/use-visit";
import { OilField, oilsFor, useServiceTiers } from "../request/visit-service";
import { arrivalIn, useAvailability } from "../use-availability";
import { arrivalText, friendlyDate } from "../visit-text";
import { CustomerHistory } from "./customer-history";
import type { FoundCustomer } from "../bookings.schema";
import { CustomerSearch } from "./customer-search";

const step = "text-lg font-bold text-slate-900 sm:col-span-2";
const vehicleOptions = VEHICLE_TYPES.map((value) => ({ value, label: value }));

/**
 * A booking made at the counter for a caller or a walk-in (decision 026): the customer found among
 * past ones or typed in, the e-mail optional, then the same service, add-on, day and slot choices
 * as the public form, and the same quote. POST /api/bookings with staff's session confirms it at once; a full slot can be
 * chosen only once "Over capacity" is ticked, which the request then carries.
 */
export function CounterBookingForm({
  today,
  date,
  customer: known = {},
}: {
  today: string;
  date?: string;
  /** Filled in from a customer's page (Customers → New booking). */
  customer?: { fullName?: string; phone?: string; email?: string };
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const schema = useMemo(() => {
    const request = bookingRequestSchema({ today, requireEmail: false });
    // An e-mail left empty is no e-mail: the customer gets none.
    return request.extend({
      email: z.preprocess((v) => (v === "" ? undefined : v), request.shape.email),
      oilType: z.preprocess((v) => (v === "" ? undefined : v), request.shape.oilType),
    });
  }, [today]);
  type Input = z.input<typeof schema>;
  const mayOverbook = useCan("overCapacity");
  const form = useForm<Input, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: {
      fullName: known.fullName ?? "",
      phone: known.phone ?? "",
      email: known.email ?? "",
      vehicleType: "" as Input["vehicleType"],
      vehicleYear: "",
      serviceType: "" as Input["serviceType"],
      packageSelection: "None",
      oilType: "",
      addOns: [],
      preferredDate: date ?? "",
      preferredTimeSlot: "" as Input["preferredTimeSlot"],
      promoCode: "",
      specialInstructions: "",
      overCapacity: false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [
    chosenDate,
    slot,
    serviceType,
    packageSelection,
    overCapacity,
    vehicleType,
    chosenAddOns,
    oilType,
    email,
    phone,
  ] = useWatch({
    control: form.control,
    name: [
      "preferredDate",
      "preferredTimeSlot",
      "serviceType",
      "packageSelection",
      "overCapacity",
      "vehicleType",
      "addOns",
      "oilType",
      "email",
      "phone",
    ],
  });
  const [customer, setCustomer] = useState<FoundCustomer | null>(null);

  const catalogue = useCataloguePackages();
  const servicePrices = useServicePrices();
  const chooseNone = useCallback(() => form.setValue("packageSelection", "None"), [form]);
  const tiers = useServiceTiers(catalogue, serviceType, packageSelection, chooseNone);
  const oils = oilsFor(servicePrices, serviceType);
  const chooseOil = useCallback((id: string) => form.setValue("oilType", id), [form]);
  const booked = tiers.find((t) => t.value === packageSelection)?.plan;
  const setAddOns = useCallback((ids: string[]) => form.setValue("addOns", ids), [form]);
  const visit = useVisit({
    choice: {
      vehicleType: vehicleType ?? "",
      serviceType: serviceType ?? "",
      packageSelection,
      oilType: oils.length ? (oilType as string | undefined) || undefined : undefined,
      addOns: chosenAddOns ?? [],
      // The counter takes no code: staff price the visit as it is.
      promoCode: "",
      // The Wash Club's cover: the member found by e-mail or phone, on the day chosen.
      preferredDate: chosenDate || undefined,
      email: typeof email === "string" ? email : undefined,
      phone,
    },
    bookedPlanId: booked?.id,
    ready: catalogue !== null,
    setAddOns,
  });
  const availability = useAvailability(chosenDate, visit.service);
  const chosenPlace = availability?.slots.find((s) => s.slot === slot);
  const overFull = Boolean(overCapacity && chosenPlace && !chosenPlace.offered && chosenPlace.reason === "full");

  const suggestDay = useCallback(
    (day: string) => {
      if (!form.getValues("preferredDate")) form.setValue("preferredDate", day);
    },
    [form],
  );
  // A slot the day (or service, or the over-capacity choice) no longer offers is no longer chosen.
  useEffect(() => {
    const place = availability?.slots.find((s) => s.slot === form.getValues("preferredTimeSlot"));
    const full = place?.reason === "full";
    if (place && place.slot !== ANYTIME && (place.started || (!place.offered && !(overCapacity && full))))
      form.setValue("preferredTimeSlot", "" as Input["preferredTimeSlot"]);
  }, [form, availability, overCapacity]);

  function choose(found: FoundCustomer) {
    setCustomer(found);
    const fill = { shouldValidate: true } as const;
    form.setValue("fullName", found.fullName, fill);
    form.setValue("phone", found.phone, fill);
    form.setValue("email", found.email, fill);
    if ((VEHICLE_TYPES as readonly string[]).includes(found.vehicleType))
      form.setValue("vehicleType", found.vehicleType as Input["vehicleType"], fill);
    form.setValue("vehicleYear", found.vehicleYear ?? "", fill);
  }

  const onSubmit = useApiSubmit(form, {
    failure: "Not booked",
    fallback: "Please try again.",
    submit: async ({ overCapacity: over, email, ...values }) => {
      // Staff's tick goes with the request whatever the form last heard of the slot: the server
      // books over capacity only a slot it finds full (booking-request.server.ts), and the form's
      // view may be reloading (a new vehicle type's availability) at the moment of the tap.
      const body = {
        ...values,
        addOns: visit.addOns,
        ...(email && { email }),
        ...(over && { overCapacity: true }),
      };
      // When the car must arrive, as the slot was offered for this visit (and as the booking says it).
      const arrival = arrivalIn(availability, values.preferredTimeSlot) ?? slotHours(values.preferredTimeSlot);
      await apiFetch("/api/bookings", { method: "POST", json: body });
      void toast({
        title: "Booked and confirmed",
        description: `${values.fullName}, ${friendlyDate(values.preferredDate)}, ${arrival ? arrivalText(arrival) : "Anytime"}`,
        tone: "success",
      });
      await navigate(`/dashboard/manageBooking/today?date=${values.preferredDate}`);
    },
  });

  const packageRadio = form.register("packageSelection");
  return (
    <ClientForm onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
      <h2 className={step}>1. Customer</h2>
      <div className="sm:col-span-2">
        <CustomerSearch onChoose={choose} />
      </div>
      {customer && (
        <div className="rounded-lg border border-slate-300 bg-white px-3 pb-3 sm:col-span-2 [&>section]:mt-3">
          <p className="pt-3 font-semibold text-slate-900">
            Returning customer: {customer.bookings === 1 ? "1 booking" : `${customer.bookings} bookings`} found
          </p>
          <CustomerHistory key={customer.bookingId} booking={{ _id: customer.bookingId }} isOpenBooking={false} />
        </div>
      )}
      <TextField label="Full Name" autoComplete="off" error={errors.fullName?.message} {...form.register("fullName")} />
      <TextField
        label="Phone Number"
        type="tel"
        autoComplete="off"
        error={errors.phone?.message}
        {...form.register("phone")}
      />
      <TextField
        label="Email (optional)"
        type="email"
        autoComplete="off"
        hint="Without one, the customer gets no confirmation e-mail."
        error={errors.email?.message}
        {...form.register("email")}
      />
      <SelectField
        label="Vehicle Type"
        placeholder="Select…"
        options={vehicleOptions}
        error={errors.vehicleType?.message}
        {...form.register("vehicleType")}
      />
      <TextField
        label="Vehicle Year"
        inputMode="numeric"
        placeholder="e.g. 2019 (optional)"
        error={errors.vehicleYear?.message}
        {...form.register("vehicleYear")}
      />

      <h2 className={step}>2. Service</h2>
      <div className="sm:col-span-2">
        <ServiceChoices
          radio={form.register("serviceType")}
          error={errors.serviceType?.message}
          withDetails
          prices={servicePrices}
        />
      </div>
      <div className="sm:col-span-2">
        <PackageChoices choices={tiers} radio={packageRadio} classId={visit.classId} />
      </div>
      <OilField
        oils={oils}
        radio={form.register("oilType")}
        chosen={oilType as string | undefined}
        choose={chooseOil}
        error={errors.oilType?.message}
      />
      <VisitAddOns
        visit={visit}
        onChange={(ids) => form.setValue("addOns", ids, { shouldDirty: true })}
        error={errors.addOns?.message}
      />

      <h2 className={step}>3. Day and time</h2>
      <div className="sm:col-span-2">
        <DayChoices
          today={today}
          service={visit.service}
          radio={form.register("preferredDate")}
          error={errors.preferredDate?.message}
          onFirstOpenDay={suggestDay}
          overCapacity={overCapacity}
        />
      </div>
      <div className="sm:col-span-2">
        <SlotChoices
          availability={chosenDate ? availability : null}
          radio={form.register("preferredTimeSlot")}
          error={errors.preferredTimeSlot?.message}
          overCapacity={overCapacity}
        />
      </div>
      {/* Fitting a car past a slot's bays is a manager's call (app/lib/permissions.ts). */}
      {mayOverbook && (
        <label className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 sm:col-span-2">
          <input type="checkbox" className="mt-1 size-5 shrink-0" {...form.register("overCapacity")} />
          <span>
            <span className="block font-semibold text-amber-950">Over capacity: fit a walk-in into a full slot</span>
            <span className="block text-sm text-amber-900">
              Only when you know a bay is free. The booking is marked “Over capacity” on the board and in the lists.
            </span>
          </span>
        </label>
      )}
      <div className="sm:col-span-2">
        <TextAreaField
          label="Special Instructions"
          rows={2}
          error={errors.specialInstructions?.message}
          {...form.register("specialInstructions")}
        />
      </div>
      <div className="sm:col-span-2">
        <BookingSummary
          vehicleType={vehicleType ?? ""}
          service={booked?.name ?? serviceType ?? ""}
          visit={visit.quote}
          date={chosenDate}
          slot={slot}
          arrival={arrivalIn(availability, slot)}
        />
        {overFull && (
          <p className="mt-3 font-semibold text-amber-900">This slot is full: it will be booked over capacity.</p>
        )}
        <SubmitButton
          busy={isSubmitting}
          busyLabel="Booking…"
          className={`mt-4 ${buttonClass({ size: "xl", block: true })} sm:w-auto`}
        >
          {overFull ? "Book over capacity" : "Book and confirm"}
        </SubmitButton>
      </div>
    </ClientForm>
  );
}
