/**
 * The delivery address an order is placed with (issue 13): the field names of
 * My Address plus a note for the driver. Pure, so the checkout review and the
 * API apply the same rules and show the same messages.
 */
import { type FieldErrors, validateProfile } from './account-rules.ts';

export interface DeliveryAddressDto {
  FullName: string;
  Phone: string;
  AddressLine1: string;
  AddressLine2: string;
  City: string;
  State: string;
  PostalCode: string;
  /** For the driver: a landmark, a gate code, a time that suits. */
  Note: string;
}

export type DeliveryField = keyof DeliveryAddressDto;

export const DELIVERY_FIELDS: readonly DeliveryField[] = [
  'FullName',
  'Phone',
  'AddressLine1',
  'AddressLine2',
  'City',
  'State',
  'PostalCode',
  'Note',
];

/** What a delivery cannot do without. */
export const REQUIRED_DELIVERY_FIELDS: readonly DeliveryField[] = [
  'FullName',
  'Phone',
  'AddressLine1',
  'City',
  'State',
  'PostalCode',
];

export const DELIVERY_NOTE_MAX_LENGTH = 500;

export const EMPTY_DELIVERY: DeliveryAddressDto = {
  FullName: '',
  Phone: '',
  AddressLine1: '',
  AddressLine2: '',
  City: '',
  State: '',
  PostalCode: '',
  Note: '',
};

/** True when a saved or posted address has everything a delivery needs (the note is optional). */
export function isCompleteDelivery(address: DeliveryAddressDto): boolean {
  return REQUIRED_DELIVERY_FIELDS.every((f) => address[f].trim() !== '');
}

/**
 * The rules of a delivery address: the required fields, then My Address's
 * rules for each (phone digits, 6-digit PIN code, lengths). `prefix` names the
 * fields as the API's ModelState does (`DeliveryAddress.Phone`).
 */
export function validateDelivery(address: DeliveryAddressDto, prefix = ''): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of REQUIRED_DELIVERY_FIELDS) {
    if (address[f].trim() === '') errors[`${prefix}${f}`] = [`${prefix}${f} is required for delivery.`];
  }
  const { Note, ...profile } = address;
  for (const [f, list] of Object.entries(validateProfile(profile))) {
    if (list !== undefined && list.length > 0 && errors[`${prefix}${f}`] === undefined) {
      errors[`${prefix}${f}`] = list.map((m) => (prefix === '' ? m : `${prefix}${m}`));
    }
  }
  if (Note.length > DELIVERY_NOTE_MAX_LENGTH) {
    errors[`${prefix}Note`] = [`${prefix}Note must be at most ${DELIVERY_NOTE_MAX_LENGTH} characters long.`];
  }
  return errors;
}

/** The address as lines for a mail or a receipt. */
export function deliveryLines(address: DeliveryAddressDto): string[] {
  const place = [address.City, address.State].filter((s) => s !== '').join(', ');
  return [
    address.FullName,
    address.AddressLine1,
    address.AddressLine2,
    [place, address.PostalCode].filter((s) => s !== '').join(' '),
    address.Phone === '' ? '' : `Phone: ${address.Phone}`,
  ].filter((s) => s !== '');
}
