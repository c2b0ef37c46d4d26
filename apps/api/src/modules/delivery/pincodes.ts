/**
 * Every Indian PIN code, offline: its GST state, its districts and the names of its post offices, which the address
 * form offers as the town. The data is apps/api/data/pincodes.json.gz, made by `npm run pincodes`
 * (scripts/build-pincodes.mjs) from India Post's all-India PIN code directory; nothing is downloaded at run time.
 *
 * The file (770 KB) is read once, on the first question, into a Map of 19,586 PIN codes: 90-150 ms, and 13.5 MB of
 * heap kept (16.5 MB of RSS), measured on the 2-core development machine; a lookup then costs well under a
 * microsecond. The compiled API finds the file too: its build (scripts/lib/api-build.mjs) rewrites `import.meta.url`
 * to this source file's place, and the container image copies apps/api/data with the rest of the repository.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { gstStateByCode } from '@kapaas/contract';

/** What a PIN code tells of an address. */
export interface PinCodeInfo {
  /** The six digits. */
  readonly pin: string;
  /** Its GST state code ('27'), that of the state of most of its post offices. */
  readonly stateCode: string;
  /** That state's or Union Territory's name as GSTN spells it ('Maharashtra'). */
  readonly stateName: string;
  /** Its district ('Kamrup Metro'): the one with most of its post offices. */
  readonly district: string;
  /** All its districts, most post offices first (1,249 PIN codes span more than one). */
  readonly districts: readonly string[];
  /** Its post offices' names without B.O/S.O/H.O/GPO ('Tezpur', 'Tezpur Bazar'), sorted. */
  readonly towns: readonly string[];
}

/** The data file as scripts/build-pincodes.mjs writes it: by column, the PIN codes in ascending order. */
interface PinCodeFile {
  source: string;
  count: number;
  /** Six digits a PIN code, one after another. */
  pins: string;
  /** Two digits (the GST state code) a PIN code. */
  states: string;
  /** A PIN code's districts joined by "|". */
  districts: string[];
  /** A PIN code's towns joined by "|". */
  towns: string[];
}

const DATA_FILE = new URL('../../../data/pincodes.json.gz', import.meta.url);
const SIX_DIGITS = /^[0-9]{6}$/;

let table: Map<string, PinCodeInfo> | undefined;

/** The data file's content, checked to be what the build script writes. */
function readPinCodeFile(url: URL): PinCodeFile {
  const file = JSON.parse(gunzipSync(readFileSync(url)).toString('utf8')) as Partial<PinCodeFile>;
  const { count, pins, states, districts, towns } = file;
  if (
    typeof count !== 'number' ||
    typeof pins !== 'string' ||
    typeof states !== 'string' ||
    !Array.isArray(districts) ||
    !Array.isArray(towns) ||
    pins.length !== count * 6 ||
    states.length !== count * 2 ||
    districts.length !== count ||
    towns.length !== count
  ) {
    throw new Error(`${url.pathname} is not a PIN code file of scripts/build-pincodes.mjs`);
  }
  return file as PinCodeFile;
}

/** The PIN codes of the data file, by their six digits. */
function buildTable(file: PinCodeFile): Map<string, PinCodeInfo> {
  const byPin = new Map<string, PinCodeInfo>();
  for (let index = 0; index < file.count; index += 1) {
    const pin = file.pins.slice(index * 6, index * 6 + 6);
    const stateCode = file.states.slice(index * 2, index * 2 + 2);
    const state = gstStateByCode(stateCode);
    if (!state) throw new Error(`PIN code ${pin} has an unknown GST state code: ${stateCode}`);
    const districts = Object.freeze((file.districts[index] ?? '').split('|'));
    const towns = Object.freeze((file.towns[index] ?? '').split('|'));
    byPin.set(
      pin,
      Object.freeze({ pin, stateCode, stateName: state.name, district: districts[0] ?? '', districts, towns }),
    );
  }
  return byPin;
}

/** The table, read on first use. */
function pinCodes(): Map<string, PinCodeInfo> {
  table ??= buildTable(readPinCodeFile(DATA_FILE));
  return table;
}

/** What a PIN code (six digits, nothing else) tells of an address, or undefined if India Post does not list it. */
export function pinCodeInfo(pin: string): PinCodeInfo | undefined {
  if (!SIX_DIGITS.test(pin)) return undefined;
  return pinCodes().get(pin);
}

/** True if the string is a PIN code India Post lists. */
export function isPinCode(pin: string): boolean {
  return pinCodeInfo(pin) !== undefined;
}

/** How many PIN codes the data holds. */
export function pinCodeCount(): number {
  return pinCodes().size;
}
