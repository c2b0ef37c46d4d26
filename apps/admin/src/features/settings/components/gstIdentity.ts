import { GST_STATES, type GstState, gstinProblem, gstStateByCode } from '@kapaas/contract';

/** A state's name as written in either list: lower case, "&" as "and", single spaces. */
function nameKey(name: string): string {
  return name.toLowerCase().replaceAll('&', 'and').replace(/\s+/g, ' ').trim();
}

const BY_NAME = new Map(GST_STATES.map((state) => [nameKey(state.name), state]));

/** The GST state that the shop's state of this name is, or undefined when GSTN's list names it otherwise. */
export function gstStateNamed(name: string): GstState | undefined {
  return BY_NAME.get(nameKey(name));
}

/** A GSTIN as it is saved: without surrounding spaces, in capitals. */
export function normaliseGstin(text: string): string {
  return text.trim().toUpperCase();
}

/** What is wrong with a GSTIN being typed, once it is long enough to judge; undefined while it may still be right. */
export function typedGstinProblem(text: string): string | undefined {
  const gstin = normaliseGstin(text);
  return gstin.length >= 15 ? gstinProblem(gstin) : undefined;
}

/**
 * Why a well-formed GSTIN cannot belong to the chosen state of registration: its first two digits are another
 * state's GST code. Undefined when they agree, or when either is missing or the state is not in GSTN's list (the
 * server has the last word).
 */
export function gstStateMismatch(gstin: string, stateName: string | undefined): string | undefined {
  const normalised = normaliseGstin(gstin);
  if (!stateName || normalised === '' || gstinProblem(normalised) !== undefined) return undefined;
  const chosen = gstStateNamed(stateName);
  if (!chosen) return undefined;
  const code = normalised.slice(0, 2);
  if (chosen.code === code) return undefined;
  const registered = gstStateByCode(code);
  return `The GSTIN starts with ${code}, the code of ${registered?.name ?? 'another state'}; ${chosen.name} is ${chosen.code}.`;
}
