import { useLingui } from "@lingui/react/macro";
import type { BookedVehicle } from "../bookings.schema";
import { withTypeAndYear } from "~/features/garage/garage.schema";
import { catalogueName } from "~/lib/i18n/catalogue-names";
import { bookingVehicleName } from "../visit-summary";
import { FixedChoice } from "./fixed-choice";

/**
 * What a due reminder's link fills the booking form with (the booking page's loader reads the
 * link): the customer's details, the vehicle of their last oil change, the Oil Change and, if
 * still sold, the same package. `token` goes with the request, so the booking is for that vehicle.
 */
export type RebookPrefill = Omit<BookedVehicle, "vehicleId"> & {
  token: string;
  fullName: string;
  phone: string;
  email: string;
  serviceType: "Oil Change";
  planId?: string;
};

/** The form's fields as a rebook link fills them. */
export function rebookFields(rebook: RebookPrefill) {
  return {
    rebook: rebook.token,
    fullName: rebook.fullName,
    phone: rebook.phone,
    email: rebook.email,
    vehicleId: "",
    vehicleType: rebook.vehicleType,
    vehicleYear: rebook.vehicleYear === null ? "" : String(rebook.vehicleYear),
    vehicleMake: rebook.vehicleMake,
    vehicleModel: rebook.vehicleModel,
    vehicleColor: rebook.vehicleColor,
    serviceType: rebook.serviceType,
    ...(rebook.planId && { planId: rebook.planId }),
  };
}

/**
 * The vehicle of a booking from a due reminder: the car of the last oil change, shown rather than
 * asked for; another vehicle drops the link's vehicle and asks as usual.
 */
export function RebookVehicle({ rebook, onAnother }: { rebook: RebookPrefill; onAnother: () => void }) {
  const { t } = useLingui();
  const plate = rebook.vehiclePlate;
  // vehicleText's words, the type named in the page's language.
  const name = bookingVehicleName(rebook);
  const type = t(catalogueName(rebook.vehicleType));
  const vehicle = withTypeAndYear(name === rebook.vehicleType ? type : name, type, rebook.vehicleYear);
  return (
    <div className="sm:col-span-2">
      <FixedChoice
        legend={t`Vehicle`}
        title={vehicle}
        detail={plate ? t`Plate ${plate}` : undefined}
        change={t`Book for another vehicle`}
        onChange={onAnother}
      />
    </div>
  );
}
