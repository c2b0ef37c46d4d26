import { type AdminShippingZone, AdminUpdateShippingZone } from '@kapaas/contract';
import { numberOrEmpty, numberOrNull } from '#admin/lib/forms.ts';

/** A zone's controls as typed. */
export interface ZoneValues {
  charge: string;
  free_above: string;
  min_days: string;
  max_days: string;
  active: boolean;
}

/** The controls' starting values: the zone as saved. */
export function zoneValues(zone: AdminShippingZone): ZoneValues {
  return {
    charge: String(zone.charge),
    free_above: zone.free_above === null ? '' : String(zone.free_above),
    min_days: String(zone.min_days),
    max_days: String(zone.max_days),
    active: zone.active,
  };
}

/** PATCH /shipping_zones/:zone's body: amounts and days as numbers, never free as null. */
export function zoneBody(values: ZoneValues): AdminUpdateShippingZone {
  return {
    charge: numberOrEmpty(values.charge) ?? Number.NaN,
    free_above: numberOrNull(values.free_above),
    min_days: numberOrEmpty(values.min_days) ?? Number.NaN,
    max_days: numberOrEmpty(values.max_days) ?? Number.NaN,
    active: values.active,
  };
}

const DAYS_MESSAGE = 'The most days must be at least the fewest.';

/** Why the days make no window: the fewest above the most. Undefined while either is empty or not a number. */
export function daysProblem(fewest: string, most: string): string | undefined {
  const min = numberOrEmpty(fewest);
  const max = numberOrEmpty(most);
  if (min === undefined || max === undefined || Number.isNaN(min) || Number.isNaN(max)) return undefined;
  return min > max ? DAYS_MESSAGE : undefined;
}

/** The contract's rules, and the server's one about both days: the fewest may not pass the most. */
export const zoneSchema = AdminUpdateShippingZone.superRefine((body, context) => {
  if (body.min_days !== undefined && body.max_days !== undefined && body.min_days > body.max_days)
    context.addIssue({ code: 'custom', path: ['max_days'], message: DAYS_MESSAGE });
});
