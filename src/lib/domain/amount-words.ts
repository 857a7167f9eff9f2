/** An amount in words as Indian invoices write it (lakh and crore). Pure. */

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const ones = n % 10;
  return `${TENS[Math.floor(n / 10)]}${ones === 0 ? '' : ` ${ONES[ones]}`}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds > 0 ? `${ONES[hundreds]} Hundred` : '', rest > 0 ? belowHundred(rest) : '']
    .filter((s) => s !== '')
    .join(' ');
}

/** A whole number in words with the Indian grouping: `12,34,56,789` is Twelve Crore Thirty Four Lakh … */
export function numberInWords(n: number): string {
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore > 0 ? `${numberInWords(crore)} Crore` : '',
    lakh > 0 ? `${belowHundred(lakh)} Lakh` : '',
    thousand > 0 ? `${belowHundred(thousand)} Thousand` : '',
    rest > 0 ? belowThousand(rest) : '',
  ]
    .filter((s) => s !== '')
    .join(' ');
}

/** Paise in words: `Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Seventy Eight Paise Only`. */
export function amountInWords(paise: number): string {
  const whole = Math.abs(Math.round(paise));
  const rupees = Math.floor(whole / 100);
  const rest = whole % 100;
  const words = `Rupees ${numberInWords(rupees)}${rest === 0 ? '' : ` and ${belowHundred(rest)} Paise`} Only`;
  return paise < 0 ? `Minus ${words}` : words;
}
