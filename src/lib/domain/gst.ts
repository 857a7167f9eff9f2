/**
 * GST facts a tax invoice needs (issue 32, item 4): the GST state codes, a GSTIN's format
 * and check character, HSN codes, the Indian financial year and an invoice's number. Pure.
 */

/** The GST state codes in use (25 and 28 were merged into 26 and 37), with their names. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

/** Other names and the usual two-letter abbreviations people write in an address's State. */
const STATE_ALIASES: Readonly<Record<string, string>> = {
  jk: '01',
  jandk: '01',
  jammukashmir: '01',
  hp: '02',
  pb: '03',
  ch: '04',
  uk: '05',
  ut: '05',
  uttaranchal: '05',
  hr: '06',
  dl: '07',
  newdelhi: '07',
  nctofdelhi: '07',
  rj: '08',
  up: '09',
  br: '10',
  sk: '11',
  ar: '12',
  nl: '13',
  mn: '14',
  mz: '15',
  tr: '16',
  ml: '17',
  as: '18',
  wb: '19',
  jh: '20',
  od: '21',
  or: '21',
  orissa: '21',
  cg: '22',
  ct: '22',
  mp: '23',
  gj: '24',
  dn: '26',
  dd: '26',
  damananddiu: '26',
  dadraandnagarhaveli: '26',
  mh: '27',
  ka: '29',
  ga: '30',
  ld: '31',
  kl: '32',
  tn: '33',
  py: '34',
  pondicherry: '34',
  an: '35',
  andamannicobar: '35',
  ts: '36',
  tg: '36',
  ap: '37',
  la: '38',
};

const squash = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');

const BY_NAME = new Map(Object.entries(GST_STATES).map(([code, name]) => [squash(name), code]));

/** The GST state code an address's State names (a name, an abbreviation or the code), or undefined. */
export function stateCodeOf(state: string): string | undefined {
  const key = squash(state);
  if (/^\d{1,2}$/.test(key)) {
    const code = key.padStart(2, '0');
    return GST_STATES[code] === undefined ? undefined : code;
  }
  return BY_NAME.get(key) ?? STATE_ALIASES[key] ?? BY_NAME.get(key.replace(/^(stateof|the)/, ''));
}

export const STATE_CODE_RULE = 'must be a two-digit GST state code (27 for Maharashtra, 29 for Karnataka, …)';

export function isStateCode(code: string): boolean {
  return GST_STATES[code] !== undefined;
}

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (five letters, four digits, a letter), entity number, `Z`, check character. */
const GSTIN_FORMAT = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first 14 characters (the GSTN's Luhn mod 36). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_ALPHABET.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET.charAt((36 - (sum % 36)) % 36);
}

export const GSTIN_RULE = 'must be a 15-character GSTIN (27AAPFU0939F1ZV) of a GST state, with its check character';

/** Why a GSTIN is not one ('' when it is): its format, its state code, or its check character. */
export function gstinProblem(gstin: string): string {
  if (!GSTIN_FORMAT.test(gstin))
    return 'is not in the GSTIN format (2 digits, a PAN, an entity number, Z, a check character)';
  if (!isStateCode(gstin.slice(0, 2))) return `starts with ${gstin.slice(0, 2)}, which is not a GST state code`;
  const check = gstinCheckChar(gstin.slice(0, 14));
  return check === gstin.charAt(14) ? '' : `ends in ${gstin.charAt(14)}, but its check character is ${check}`;
}

export const HSN_RULE = 'must be an HSN or SAC code of 4 to 8 digits';

export function isHsnCode(code: string): boolean {
  return /^\d{4,8}$/.test(code);
}

/** The SAC code and GST rate (basis points) of the delivery fee's line: goods transport services. */
export const DELIVERY_SAC = '996812';
export const DELIVERY_GST_BPS = 1800;

/** India's time is UTC+5:30 all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60 * 1000;

/** The Indian financial year (April to March, in India's time) of an ISO time: `2026-27`. */
export function financialYearOf(iso: string): string {
  const ist = new Date(Date.parse(iso) + IST_OFFSET_MS);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** A document's number as GST rule 46 allows: at most 16 characters of letters, digits, `-` and `/`. */
export const INVOICE_NUMBER_MAX = 16;

/**
 * `S12/26-27/000123` (an invoice) or `C12/26-27/000004` (a credit note): the store, the
 * financial year and the number in the series, zero-padded as far as 16 characters allow.
 */
export function invoiceNumber(
  kind: 'Invoice' | 'CreditNote',
  storeId: number,
  fiscalYear: string,
  seq: number,
): string {
  const head = `${kind === 'Invoice' ? 'S' : 'C'}${storeId}/${fiscalYear.slice(2)}/`;
  const width = Math.min(6, Math.max(1, INVOICE_NUMBER_MAX - head.length));
  return `${head}${String(seq).padStart(width, '0')}`;
}
