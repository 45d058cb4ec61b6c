import { zodResolver } from "@hookform/resolvers/zod";
import { useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { z } from "zod";
import { useToast } from "~/components/ui/toast";
import { ApiError, apiFetch } from "~/lib/api-client";
import { ClientForm } from "~/components/ui/client-form";
import { catalogueName } from "~/lib/i18n/catalogue-names";
import { useLocalePath } from "~/lib/i18n/use-locale";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { clearDraft } from "./booking-draft";
import {
  bookingFormSchema,
  type BookedPackage,
  type BookingAccount,
  type BookingFormInput,
  type BookingFormOutput,
} from "./booking-form-values";
import { ANYTIME, PACKAGE_SELECTIONS, SERVICE_TYPES } from "../bookings.schema";
import { DaySection } from "./day-section";
import { followsSuggestion } from "./day-choices";
import { DetailsSection } from "./details-section";
import { oilsFor, useServiceTiers } from "./visit-service";
import { ServiceSection } from "./service-section";
import { SummarySection } from "./summary-section";
import { arrivalIn, useAvailability } from "../use-availability";
import { useCataloguePackages, useMemberDetails, useServicePrices } from "./use-booking-choices";
import { useDraftAndPrefill } from "./use-draft-and-prefill";
import type { TypedValues } from "./typed-values";
import { rebookFields, type RebookPrefill } from "./rebook-vehicle";
import { useVisit } from "./use-visit";
import { useVehicleChoice, VehicleSection } from "./vehicle-section";
import { fullWindows, NO_WINDOW, waitedSlots, type WaitChoice } from "./join-waitlist";
import { WaitlistJoined, type JoinedWaitlist } from "./waitlist-joined";
import { useVisitWords } from "../visit-words";

export type { BookedPackage, BookingAccount } from "./booking-form-values";

type Variant =
  /**
   * The contact and home pages: visitors give their e-mail; `?plan=` and `?service=` may choose for
   * them; a due reminder's link (/booking?rebook=…) fills in all but the day and time.
   */
  | { kind: "contact"; account: BookingAccount | null; rebook?: RebookPrefill | null }
  /** The package page: only for signed-in users; the account's e-mail is used. */
  | { kind: "package"; account: BookingAccount | null; plan: BookedPackage };

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/**
 * Both booking forms, availability first: the vehicle (a member's saved one, or its type), the
 * service (and package) with its add-ons, then a day and an arrival slot the server offers for the
 * visit's length, then the customer's details. Above the button, the server's quote: the lines,
 * the total and when the car should be ready. The server judges the request again and its
 * messages show under the fields; a request sent opens its confirmation page.
 */
export function BookingForm({
  variant,
  today,
  typedRef,
}: {
  variant: Variant;
  today: string;
  /** What was typed into the server's form before this ran (deferred-booking-form.tsx). */
  typedRef?: RefObject<TypedValues>;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const { t } = useLingui();
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  const isPackage = variant.kind === "package";
  const { account } = variant;
  const requireEmail = variant.kind === "contact" && !account;
  const schema = useMemo(() => bookingFormSchema(today, requireEmail), [today, requireEmail]);
  type Input = BookingFormInput;
  type Output = BookingFormOutput;
  // Joining the waitlist sends the windows that would do (join-waitlist.tsx), not one slot.
  // Each is kept with the day and visit it was for: another day or visit closes the panel.
  const [waitingFor, setWaitingFor] = useState<{ key: string; choice: WaitChoice } | null>(null);
  // Joined: the form gives way to what was joined, until the customer starts over.
  const [joined, setJoined] = useState<JoinedWaitlist | null>(null);
  const resolvers = useMemo(() => {
    const booking = zodResolver(schema) as Resolver<Input, unknown, Output>;
    const wait = zodResolver(schema.extend({ preferredTimeSlot: z.string().optional() })) as unknown as typeof booking;
    return { booking, wait };
  }, [schema]);
  const empty: Input = {
    fullName: "",
    phone: "",
    email: account?.email ?? "",
    vehicleId: "",
    vehicleType: "" as Input["vehicleType"],
    vehicleYear: "",
    vehicleMake: "",
    vehicleModel: "",
    vehicleColor: "",
    serviceType: ((isPackage && variant.plan.serviceType) || "") as Input["serviceType"],
    packageSelection: "None",
    oilType: "",
    addOns: [],
    preferredDate: "",
    preferredTimeSlot: "" as Input["preferredTimeSlot"],
    promoCode: "",
    specialInstructions: "",
    website: "",
  };
  const rebook = variant.kind === "contact" ? variant.rebook : null;
  // Until the customer asks for another vehicle, the link's vehicle is the booking's.
  const [rebooking, setRebooking] = useState(Boolean(rebook));
  const [serviceFixed, setServiceFixed] = useState(Boolean(rebook));
  // useForm reads its options at every render: the waitlist's resolver while its panel is open.
  const form = useForm<Input, unknown, Output>({
    resolver: waitingFor ? resolvers.wait : resolvers.booking,
    mode: "onTouched",
    defaultValues: rebook ? ({ ...empty, ...rebookFields(rebook) } as Input) : empty,
  });
  const { isSubmitting } = form.formState;
  const [
    date,
    slot,
    promo,
    serviceType,
    packageSelection,
    chosenPlanId,
    vehicleType,
    vehicleId,
    chosenAddOns,
    oilType,
  ] = useWatch({
    control: form.control,
    name: [
      "preferredDate",
      "preferredTimeSlot",
      "promoCode",
      "serviceType",
      "packageSelection",
      "planId",
      "vehicleType",
      "vehicleId",
      "addOns",
      "oilType",
    ],
  });

  const catalogue = useCataloguePackages();
  const linkedPlan = chosenPlanId ? catalogue?.find((p) => p._id === chosenPlanId) : undefined;
  // A package books its own service (decision 048): a package page's, or the one a guest link chose (/booking?plan=…).
  const ownService = isPackage ? variant.plan.serviceType : linkedPlan?.serviceType;
  useEffect(() => {
    if (ownService && form.getValues("serviceType") !== ownService) form.setValue("serviceType", ownService);
  }, [form, ownService]);
  const chosen = useMemo(() => {
    // A package's own service is chosen for it, over a draft's from the contact form.
    if (isPackage) return (ownService ? { serviceType: ownService } : {}) as Partial<Input>;
    // A rebook link's details over what this tab typed before.
    if (rebook) return rebookFields(rebook) as Partial<Input>;
    const plan = params.get("plan");
    const service = params.get("service");
    return {
      ...(plan && /^[0-9a-f]{24}$/.test(plan) && { planId: plan }),
      ...(isOneOf(SERVICE_TYPES, service) && { serviceType: service }),
      ...(isOneOf(PACKAGE_SELECTIONS, params.get("package")) && { packageSelection: params.get("package") }),
    } as Partial<Input>;
  }, [isPackage, ownService, params, rebook]);
  const member = useMemberDetails(account?.role === "member", account?.name);
  // In the commit that hydrates the form, before a frame is painted: registering the fields set
  // the server's radio buttons back to the defaults.
  useLayoutEffect(() => {
    for (const [field, value] of Object.entries(typedRef?.current ?? {})) form.setValue(field as keyof Input, value);
  }, [form, typedRef]);
  useDraftAndPrefill(form, {
    today,
    chosen,
    typedRef,
    member: rebook ? null : member,
    accountEmail: account?.email ?? null,
  });

  const { garage, chosenVehicle, fillVehicle } = useVehicleChoice(form, { account, member, vehicleId, rebooking });
  const vehicleRadio = form.register("vehicleId");

  const servicePrices = useServicePrices();
  const chooseNone = useCallback(() => form.setValue("packageSelection", "None"), [form]);
  const tiers = useServiceTiers(catalogue, linkedPlan ? undefined : serviceType, packageSelection, chooseNone);
  const oils = oilsFor(servicePrices, ownService ?? serviceType);
  const linkedTier = tiers.find((t) => t.plan && t.plan.id === chosenPlanId);
  // A linked package that a tier names is that tier's choice; any other is shown on its own.
  useEffect(() => {
    if (linkedTier) form.setValue("packageSelection", linkedTier.value);
  }, [form, linkedTier]);

  const booked: BookedPackage | undefined = isPackage
    ? variant.plan
    : linkedPlan
      ? { _id: linkedPlan._id, name: linkedPlan.name, price: linkedPlan.price, minutes: linkedPlan.minutes }
      : tiers
          .filter((t) => t.value === packageSelection && t.plan)
          .map(({ plan }) => ({ _id: plan!.id, name: plan!.name, price: plan!.price, minutes: plan!.minutes }))[0];

  // The visit: its add-ons, its quote, and the slots for its length (the vehicle's class, the add-ons).
  const setAddOns = useCallback((ids: string[]) => form.setValue("addOns", ids), [form]);
  const visit = useVisit({
    choice: {
      vehicleType: vehicleType ?? "",
      vehicleId: chosenVehicle?._id,
      serviceType: serviceType ?? "",
      planId: isPackage ? variant.plan._id : chosenPlanId || undefined,
      packageSelection,
      oilType: oils.length ? (oilType as string | undefined) || undefined : undefined,
      addOns: chosenAddOns ?? [],
      promoCode: promo ?? "",
      preferredDate: date || undefined,
    },
    bookedPlanId: booked?._id,
    ready: isPackage || catalogue !== null,
    setAddOns,
  });
  // Bumped when the server refuses a place as full: the slots are read again, so the one just
  // lost no longer says "1 left".
  const [placesRead, setPlacesRead] = useState(0);
  const availability = useAvailability(date, visit.service, placesRead);

  const suggestedDay = useRef<string | undefined>(undefined);
  const suggestDay = useCallback(
    (day: string, unchoosable: string[]) => {
      if (!followsSuggestion(form.getValues("preferredDate"), suggestedDay.current, unchoosable)) return;
      suggestedDay.current = day;
      form.setValue("preferredDate", day);
    },
    [form],
  );
  // A slot the newly chosen day (or visit) does not offer is no longer chosen.
  useEffect(() => {
    const slot = form.getValues("preferredTimeSlot");
    const place = availability?.slots.find((s) => s.slot === slot);
    if (slot && slot !== ANYTIME && place && (!place.offered || place.started))
      form.setValue("preferredTimeSlot", "" as Input["preferredTimeSlot"]);
  }, [form, availability]);

  // The waitlist is for a day with full windows, and a day or visit changed closes its panel.
  const full = useMemo(() => (date ? fullWindows(availability) : []), [date, availability]);
  const waitKey = `${date}|${JSON.stringify(visit.service)}`;
  const waiting = waitingFor?.key === waitKey ? waitingFor.choice : null;
  const setWaiting = (choice: WaitChoice | null) => setWaitingFor(choice && { key: waitKey, choice });

  const blocked = isPackage && !account;
  const onSubmit = useApiSubmit(form, {
    failure: waiting ? t`Couldn't join the waitlist` : t`Submission failed`,
    fallback: "Please try again later.",
    submit: async (values) => {
      if (waiting) return joinWaitlist(values, waiting);
      // A panel left open for another day or visit let the slot through unchecked.
      if (!values.preferredTimeSlot) {
        form.setError("preferredTimeSlot", { message: "Select a time slot" }, { shouldFocus: true });
        return;
      }
      const body = {
        ...values,
        addOns: visit.addOns,
        ...(isPackage && { planId: variant.plan._id, email: undefined }),
      };
      const result = await apiFetch<{ insertedId?: string; manageToken?: string }>("/api/bookings", {
        method: "POST",
        json: body,
      }).catch((error: unknown) => {
        // Someone else took the last place meanwhile: that slot is no longer chosen, and the
        // places are read again. The server's words ("…full. Please choose another.") show under it.
        if (error instanceof ApiError && error.status === 409 && error.fields?.preferredTimeSlot) {
          form.setValue("preferredTimeSlot", "" as Input["preferredTimeSlot"]);
          setPlacesRead((n) => n + 1);
        }
        throw error;
      });
      if (!result?.insertedId) {
        void toast({ title: t`Something went wrong`, description: t`Please try again.`, tone: "error" });
        return;
      }
      clearDraft(sessionStorage);
      void toast({
        title: isPackage ? t`Request Sent Successfully!` : t`Booking Request Sent!`,
        description: t`We’ll confirm your slot shortly.`,
        tone: "success",
      });
      if (result.manageToken) await navigate(localePath(`/booking/manage/${result.manageToken}?new=1`));
      else form.reset(empty);
    },
  });

  const [slotsError, setSlotsError] = useState<string | undefined>();
  const lineLabel = useVisitWords().line;
  async function joinWaitlist(values: Output, choice: WaitChoice) {
    const slots = waitedSlots(choice);
    if (!slots) {
      setSlotsError(NO_WINDOW);
      return;
    }
    setSlotsError(undefined);
    const { preferredTimeSlot: _slot, overCapacity: _over, rebook: _rebook, ...rest } = values;
    const body = {
      ...rest,
      slots,
      addOns: visit.addOns,
      ...(isPackage && { planId: variant.plan._id, email: undefined }),
    };
    await apiFetch<{ insertedId?: string }>("/api/waitlist", { method: "POST", json: body }).catch((error: unknown) => {
      if (error instanceof ApiError && error.fields?.slots) setSlotsError(error.fields.slots);
      throw error;
    });
    setWaiting(null);
    clearDraft(sessionStorage);
    // The service (or package) for the vehicle and each add-on: the quote's lines less the promo's discount.
    const lines = visit.quote.quote?.lines.filter((line) => line.amount >= 0).map((line) => lineLabel(line));
    const service = booked?.name ?? t(catalogueName(values.serviceType));
    setJoined({
      date: values.preferredDate,
      slots,
      visit: lines?.length ? lines.join(" + ") : `${service} (${t(catalogueName(values.vehicleType))})`,
      email: (isPackage ? account?.email : values.email) ?? "",
    });
  }

  if (joined)
    return (
      <WaitlistJoined
        joined={joined}
        onStartOver={() => {
          form.reset(empty);
          setJoined(null);
        }}
      />
    );

  const packageRadio = form.register("packageSelection");
  return (
    <ClientForm onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
      <VehicleSection
        form={form}
        rebook={rebook}
        rebooking={rebooking}
        onAnother={() => {
          form.setValue("rebook", undefined);
          fillVehicle(undefined);
          setRebooking(false);
        }}
        vehicleRadio={vehicleRadio}
        garage={garage}
        chosenVehicle={chosenVehicle}
        fillVehicle={fillVehicle}
      />

      <ServiceSection
        form={form}
        contact={variant.kind === "contact"}
        rebook={rebook}
        serviceFixed={serviceFixed}
        onChangeService={() => setServiceFixed(false)}
        booked={booked}
        ownService={ownService}
        servicePrices={servicePrices}
        oils={oils}
        tiers={tiers}
        linkedPlan={linkedPlan}
        linkedInTiers={Boolean(linkedTier)}
        packageRadio={packageRadio}
        visit={visit}
      />

      <DaySection
        form={form}
        today={today}
        visit={visit}
        date={date}
        availability={availability}
        suggestDay={suggestDay}
        blocked={blocked}
        full={full}
        waiting={waiting}
        onWaitingChange={(choice) => {
          setSlotsError(undefined);
          setWaiting(choice);
          if (choice) form.clearErrors("preferredTimeSlot");
        }}
        slotsError={slotsError}
      />

      <DetailsSection
        form={form}
        contact={variant.kind === "contact"}
        account={account}
        promoCheck={visit.promoCheck}
      />
      <SummarySection
        vehicleType={vehicleType ?? ""}
        service={booked?.name ?? serviceType ?? ""}
        quote={visit.quote}
        date={date}
        slot={slot}
        arrival={arrivalIn(availability, slot)}
        busy={isSubmitting}
        waiting={Boolean(waiting)}
        isPackage={isPackage}
        blocked={blocked}
      />
    </ClientForm>
  );
}
