import { Trans, useLingui } from "@lingui/react/macro";
import type { UseFormRegisterReturn } from "react-hook-form";
import { catalogueName } from "~/lib/i18n/catalogue-names";
import { fixedMessage } from "~/lib/i18n/fixed-messages";
import type { Oil, ServicePrice } from "~/features/pricing/pricing.schema";
import type { ServiceType } from "../bookings.schema";
import { VisitAddOns } from "./add-on-choices";
import { stepClass, type BookedPackage, type BookingFormApi } from "./booking-form-values";
import { FixedChoice } from "./fixed-choice";
import type { RebookPrefill } from "./rebook-vehicle";
import type { CataloguePackage, PackageChoice } from "./service-choices";
import { ChosenPackage, PackageChoices, ServiceChoices, useServicePriceText } from "./service-step";
import type { VisitState } from "./use-visit";
import { OilField } from "./visit-service";

/**
 * Step 2: the service (a rebook link's, fixed until changed; a package's own; or chosen), the
 * contact form's package tiers (or the package a link chose), and the add-ons that go with it.
 */
export function ServiceSection({
  form,
  contact,
  rebook,
  serviceFixed,
  onChangeService,
  booked,
  ownService,
  servicePrices,
  oils,
  tiers,
  linkedPlan,
  linkedInTiers,
  packageRadio,
  visit,
}: {
  form: BookingFormApi;
  /** The contact form's (not the package page's): it offers the package tiers. */
  contact: boolean;
  rebook: RebookPrefill | null | undefined;
  serviceFixed: boolean;
  onChangeService: () => void;
  booked: BookedPackage | undefined;
  ownService: ServiceType | undefined;
  servicePrices: readonly ServicePrice[] | null;
  /** An oil change's oils; none for other work. */
  oils: readonly Oil[];
  tiers: readonly PackageChoice[];
  linkedPlan: CataloguePackage | undefined;
  /** The linked package is a tier's choice, not shown on its own. */
  linkedInTiers: boolean;
  /** The tiers' radio, registered by the form before its other fields. */
  packageRadio: UseFormRegisterReturn<"packageSelection">;
  visit: VisitState;
}) {
  const { errors } = form.formState;
  const { t } = useLingui();
  const servicePriceText = useServicePriceText();
  const rebookService = rebook && t(catalogueName(rebook.serviceType));
  const ownServiceName = ownService && t(catalogueName(ownService));
  return (
    <>
      <h3 className={stepClass}>{t`2. Your service`}</h3>
      {rebook && serviceFixed ? (
        // A reminder's oil change (and its last package), chosen: the day and time are what is left.
        <div className="sm:col-span-2">
          <FixedChoice
            legend={t`Service`}
            title={booked ? `${rebookService} · ${booked.name}` : rebookService!}
            detail={booked ? undefined : servicePriceText(servicePrices, rebook.serviceType)}
            change={t`Choose another service`}
            onChange={onChangeService}
          />
        </div>
      ) : (
        <>
          <div className="sm:col-span-2">
            {ownService ? (
              // The package is for one service: asking again could only book it under another.
              <div>
                <p className="text-sm font-semibold text-slate-800">{t`Service Type`}</p>
                <p className="mt-1 text-slate-900">
                  <Trans>
                    <span className="font-semibold">{ownServiceName}</span>: the service this package is for
                  </Trans>
                </p>
                {errors.serviceType?.message && (
                  <p className="mt-1 text-sm font-medium text-red-700">{t(fixedMessage(errors.serviceType.message))}</p>
                )}
              </div>
            ) : (
              <ServiceChoices
                radio={form.register("serviceType")}
                error={errors.serviceType?.message}
                withDetails={!booked}
                prices={servicePrices}
              />
            )}
          </div>
          {contact && (
            <div className="sm:col-span-2">
              {linkedPlan && !linkedInTiers ? (
                <ChosenPackage
                  plan={linkedPlan}
                  classId={visit.classId}
                  onDrop={() => form.setValue("planId", undefined)}
                />
              ) : (
                <PackageChoices
                  choices={tiers}
                  classId={visit.classId}
                  radio={{
                    ...packageRadio,
                    // Choosing a tier by hand replaces the package a link chose.
                    onChange: (event) => {
                      form.setValue("planId", undefined);
                      return packageRadio.onChange(event);
                    },
                  }}
                />
              )}
            </div>
          )}
        </>
      )}
      <OilField
        oils={oils}
        radio={form.register("oilType")}
        chosen={form.watch("oilType") as string | undefined}
        choose={(id) => form.setValue("oilType", id)}
        error={errors.oilType?.message}
      />
      <VisitAddOns
        visit={visit}
        onChange={(ids) => form.setValue("addOns", ids, { shouldDirty: true })}
        error={errors.addOns?.message}
      />
    </>
  );
}
