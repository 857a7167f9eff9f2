import type { Kysely } from 'kysely';
import { tidyPostalCode } from '../../lib/domain/account-rules.ts';
import {
  DELIVERY_FIELDS,
  type DeliveryAddressDto,
  EMPTY_DELIVERY,
  isCompleteDelivery,
  REQUIRED_DELIVERY_FIELDS,
  validateDelivery,
} from '../../lib/domain/delivery.ts';
import type { Database, User } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { assertValid, field } from '../http/input.ts';

/** The address columns of an account (My Address). */
type SavedAddressColumns = Pick<
  User,
  'full_name' | 'phone' | 'address_line1' | 'address_line2' | 'city' | 'state' | 'postal_code'
>;

/** An account's saved address (My Address) as a delivery address, with an empty note. */
export function deliveryOfUser(row: SavedAddressColumns | undefined): DeliveryAddressDto {
  if (row === undefined) return { ...EMPTY_DELIVERY };
  return {
    FullName: row.full_name,
    Phone: row.phone,
    AddressLine1: row.address_line1,
    AddressLine2: row.address_line2,
    City: row.city,
    State: row.state,
    PostalCode: row.postal_code,
    Note: '',
  };
}

/** The account's saved address (My Address) as a delivery address, with an empty note. */
export async function savedDelivery(db: Kysely<Database>, userId: number): Promise<DeliveryAddressDto> {
  const row = await db
    .selectFrom('users')
    .select(['full_name', 'phone', 'address_line1', 'address_line2', 'city', 'state', 'postal_code'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return deliveryOfUser(row);
}

/** Reads `DeliveryAddress` from a posted order: undefined when absent, a 400 naming the field when malformed. */
export function parseDeliveryBody(body: Record<string, unknown>): DeliveryAddressDto | undefined {
  const raw = field(body, 'DeliveryAddress');
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw AppError.invalidField(
      'DeliveryAddress',
      'must be an object with FullName, Phone, AddressLine1, AddressLine2, City, State, PostalCode and Note',
    );
  }
  const address: DeliveryAddressDto = { ...EMPTY_DELIVERY };
  for (const name of DELIVERY_FIELDS) {
    const v = field(raw as Record<string, unknown>, name);
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') throw AppError.invalidField(`DeliveryAddress.${name}`, 'must be text');
    address[name] = name === 'PostalCode' ? tidyPostalCode(v) : v.trim();
  }
  return address;
}

/**
 * The address an order goes to: the posted `DeliveryAddress` (checked against
 * the rules of My Address, every required field present), or else the saved
 * address, which must be complete. Neither: a 400 naming `DeliveryAddress` and
 * the fields a delivery needs. A posted `Note` rides along with a saved address.
 */
export async function resolveDelivery(
  db: Kysely<Database>,
  userId: number,
  posted: DeliveryAddressDto | undefined,
): Promise<DeliveryAddressDto> {
  return deliveryFor(posted, postsAddress(posted) ? undefined : await savedDelivery(db, userId));
}

/** True when `posted` names an address (any field but the note given). */
export function postsAddress(posted: DeliveryAddressDto | undefined): boolean {
  return posted !== undefined && DELIVERY_FIELDS.some((f) => f !== 'Note' && posted[f] !== '');
}

/**
 * `resolveDelivery`'s rules once the saved address is known (`saved`: My Address with
 * an empty note; not needed when `posted` names an address): the 400s are the same.
 */
export function deliveryFor(
  posted: DeliveryAddressDto | undefined,
  saved: DeliveryAddressDto | undefined,
): DeliveryAddressDto {
  if (posted !== undefined && postsAddress(posted)) {
    assertValid(validateDelivery(posted, 'DeliveryAddress.'));
    return posted;
  }
  const withNote = { ...(saved ?? EMPTY_DELIVERY), Note: posted?.Note ?? '' };
  if (!isCompleteDelivery(withNote)) {
    const missing = REQUIRED_DELIVERY_FIELDS.filter((f) => withNote[f].trim() === '');
    throw AppError.invalid(
      { DeliveryAddress: [`DeliveryAddress is required: ${missing.join(', ')} must be given for delivery.`] },
      `DeliveryAddress is required: send it with the order or save one in My Address (missing: ${missing.join(', ')}).`,
    );
  }
  assertValid(validateDelivery(withNote, 'DeliveryAddress.'));
  return withNote;
}
