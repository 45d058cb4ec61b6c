import { splitFeatures, type PackageChanges, type PackageType, type ServiceType } from "./plans.schema";

export interface PlanFormValues {
  name: string;
  packagetype: string;
  serviceType: string;
  price: number;
  duration: string;
  minutes: number;
  features: string;
}

/**
 * What the update form changed: only fields whose values differ from the package as loaded
 * (a field edited and put back is not sent).
 */
export function changedPlanFields(original: PlanFormValues, edited: PlanFormValues): PackageChanges {
  const changes: PackageChanges = {};
  if (edited.name.trim() !== original.name.trim()) changes.name = edited.name.trim();
  if (edited.packagetype !== original.packagetype) changes.packageType = edited.packagetype as PackageType;
  if (edited.serviceType !== original.serviceType) changes.serviceType = edited.serviceType as ServiceType;
  if (Math.round(edited.price * 100) !== Math.round(original.price * 100)) changes.price = edited.price;
  if (edited.duration.trim() !== original.duration.trim()) changes.duration = edited.duration.trim();
  if (edited.minutes !== original.minutes) changes.minutes = edited.minutes;
  const features = splitFeatures(edited.features);
  if (JSON.stringify(features) !== JSON.stringify(splitFeatures(original.features))) changes.features = features;
  return changes;
}
