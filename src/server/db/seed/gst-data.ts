// What the demo catalogue's tax invoices print (issue 32): an HSN code for each product by
// what it is, and for each store a GSTIN of the state its city is in.
import { gstinCheckChar } from '../../../lib/domain/gst.ts';
import { hash32 } from './random.ts';

/** Words of a product's name, first match wins, and the HSN code (4 digits) of goods of that kind. */
const HSN_BY_WORD: readonly (readonly [RegExp, string])[] = [
  [/ice cream|kulfi|sorbet/i, '2105'],
  [/tea|chai|kahwa/i, '0902'],
  [/coffee|chicory|cold brew/i, '0901'],
  [/water|soda/i, '2201'],
  [/juice|drink|sharbat|panna|jaljeera|coconut water/i, '2202'],
  [/milk mix|health drink|protein shake|doodh/i, '1901'],
  [/milk|chaas|lassi/i, '0401'],
  [/curd|dahi|yogurt/i, '0403'],
  [/ghee|butter|cream\b/i, '0405'],
  [/paneer|cheese|tofu/i, '0406'],
  [/egg/i, '0407'],
  [/rice|poha/i, '1006'],
  [/atta|flour|maida|besan|rava|sooji/i, '1101'],
  [/dal|rajma|chana|peas/i, '0713'],
  [/masala|jeera|hing|cumin/i, '0910'],
  [/oil/i, '1508'],
  [/salt|namak/i, '2501'],
  [/sugar|jaggery/i, '1701'],
  [/chocolate/i, '1806'],
  [/bread|pav|bun|cake|pastry|cupcake|brownie|cookie|rusk|biscuit|nankhatai|puff|straws/i, '1905'],
  [/paratha|naan|roti/i, '1905'],
  [/chips|bhujia|namkeen|mixture|sev|chakli|makhana|khatta/i, '2106'],
  [/cashew|raisin|walnut|pistachio|dates/i, '0801'],
  [/chikki|gajak|candy|laddoo|rasgulla|jamun|papdi|pak|barfi|katli/i, '1704'],
  [/detergent|stain|dishwash|cleaner|phenyl/i, '3402'],
  [/soap|body wash|scrub|hand wash|sanitizer/i, '3401'],
  [/shampoo|hair oil|conditioner|henna/i, '3305'],
  [/toothpaste|mouthwash|floss/i, '3306'],
  [/toothbrush/i, '9603'],
  [/face|lotion|sunscreen|balm|aloe|shaving/i, '3304'],
  [/agarbatti|dhoop|camphor/i, '3307'],
  [/foil/i, '7607'],
  [/bag|wrap/i, '3923'],
  [/tissue|towel|pads|cotton/i, '4818'],
  [/mango|apple|grape|orange|papaya|pomegranate|banana/i, '0804'],
  [/frozen|samosa|tikki|kebab|roll|nuggets|tikka|fries|corn|vegetables|spinach/i, '2004'],
];

/** The HSN code of a demo product: by its name, else fresh vegetables (0709) at 0 % GST, food preparations (2106) otherwise. */
export function hsnOfProduct(name: string, gstBps: number): string {
  for (const [word, code] of HSN_BY_WORD) if (word.test(name)) return code;
  return gstBps === 0 ? '0709' : '2106';
}

/** The GST state code of each demo city. */
const STATE_OF_CITY: Readonly<Record<string, string>> = {
  Ahmedabad: '24',
  Bengaluru: '29',
  Bhopal: '23',
  Chandigarh: '04',
  Chennai: '33',
  Goa: '30',
  Gurugram: '06',
  Hyderabad: '36',
  Indore: '23',
  Jaipur: '08',
  Kochi: '32',
  Kolkata: '19',
  Lucknow: '09',
  Mumbai: '27',
  Nagpur: '27',
  'Navi Mumbai': '27',
  'New Delhi': '07',
  Noida: '09',
  Patna: '10',
  Pune: '27',
  Thane: '27',
  Vadodara: '24',
};

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A demo store's GST columns: its GSTIN and state (`storeGst`) and a shop address in its locality. */
export function storeGstColumns(storeId: number, locality: string, city: string) {
  const { stateCode, gstin } = storeGst(storeId, city);
  return {
    gstin,
    state_code: stateCode,
    address: `Shop ${(hash32(`shop:${storeId}`) % 90) + 1}, ${locality}, ${city}`,
  };
}

/** A store's state code and a well-formed GSTIN in it (a company PAN made from the store's id), with its check character. */
function storeGst(storeId: number, city: string): { stateCode: string; gstin: string } {
  const stateCode = STATE_OF_CITY[city] ?? '29';
  const h = hash32(`gstin:${storeId}`);
  const letter = (i: number) => LETTERS.charAt((h >>> (i * 5)) % 26);
  // A company's PAN: three letters, C, the name's initial, four digits, a letter.
  const pan = `${letter(0)}${letter(1)}${letter(2)}C${letter(3)}${String(h % 10_000).padStart(4, '0')}${letter(4)}`;
  const first14 = `${stateCode}${pan}1Z`;
  return { stateCode, gstin: `${first14}${gstinCheckChar(first14)}` };
}
