import type { BookedVehicle } from "../bookings.schema";
import { vehicleText } from "../visit-summary";
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
  return (
    <div className="sm:col-span-2">
      <FixedChoice
        legend="Vehicle"
        title={vehicleText(rebook)}
        detail={rebook.vehiclePlate ? `Plate ${rebook.vehiclePlate}` : undefined}
        change="Book for another vehicle"
        onChange={onAnother}
      />
    </div>
  );
}
