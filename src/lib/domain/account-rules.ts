/**
 * Validation rules for the account forms and calls: spec §5's messages to the
 * letter (Login, Register, Confirm e-mail) and the rules of the profile forms,
 * which the spec leaves to us. Pure: the API enforces them and the islands show
 * the same messages, so a form and the server can never disagree.
 *
 * Every validator answers field name → messages, the shape of the API's
 * `ModelState`; an empty object means valid.
 */

export type FieldErrors<F extends string = string> = Partial<Record<F, string[]>>;

/** Spec §5's texts, exactly as the original application showed them. */
export const MESSAGES = {
  loginEmailRequired: 'Email is Required',
  loginPasswordRequired: 'Password is Required',
  registerEmailRequired: 'Email is required',
  registerPasswordRequired: 'Password is required',
  invalidEmail: 'Invalid Email Address',
  passwordRule:
    'Password Length should be minimum 6 characters long, it should have at least one digit, one special character, one lowercase and one uppercase character.',
  confirmPasswordRequired: 'Confirm Password is required',
  confirmPasswordMismatch: 'Confirm Password should be match with Password',
  accessCodeRequired: 'Access Code is Required',
} as const;

/** Spec §9. */
export const PASSWORD_MIN_LENGTH = 6;
/** Staff (Employee and Admin) passwords: NIST SP 800-63B's length, on top of spec §9's rule. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
/** Long passphrases are welcome; the cap only bounds the work of hashing. */
export const PASSWORD_MAX_LENGTH = 128;
/** RFC 5321's limit on a forward path. */
export const EMAIL_MAX_LENGTH = 254;
export const FULL_NAME_MAX_LENGTH = 100;
export const ADDRESS_LINE_MAX_LENGTH = 200;
export const CITY_MAX_LENGTH = 100;
export const STATE_MAX_LENGTH = 100;
export const ACCESS_CODE_LENGTH = 6;

/** Messages of our own, for rules the spec does not show. */
export const EXTRA_MESSAGES = {
  emailTooLong: `Email must be at most ${EMAIL_MAX_LENGTH} characters long.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  accessCodeFormat: `Access Code must be the ${ACCESS_CODE_LENGTH} digits we sent you by e-mail.`,
  fullNameTooLong: `FullName must be at most ${FULL_NAME_MAX_LENGTH} characters long.`,
  phoneFormat:
    'Phone must have 7 to 15 digits, optionally starting with + and grouped with spaces or hyphens, such as +91 98765 43210.',
  addressLine1TooLong: `AddressLine1 must be at most ${ADDRESS_LINE_MAX_LENGTH} characters long.`,
  addressLine2TooLong: `AddressLine2 must be at most ${ADDRESS_LINE_MAX_LENGTH} characters long.`,
  cityTooLong: `City must be at most ${CITY_MAX_LENGTH} characters long.`,
  stateTooLong: `State must be at most ${STATE_MAX_LENGTH} characters long.`,
  postalCodeFormat: 'PostalCode must be exactly 6 digits, such as 560001.',
  staffPasswordTooShort: `Password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters for staff accounts.`,
  staffPasswordCommon: 'Password is on a list of common or breached passwords, or is built from one: choose another.',
  staffPasswordGuessable:
    "Password follows a pattern that is quick to guess (repeated or sequential characters, keyboard rows, dates or the account's own address): choose another.",
} as const;

/** The lower-case e-mail pattern of spec §5 (an upper-case letter fails it, as it did in the original). */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;

/** What a shopper typed as an e-mail address, as it is compared everywhere: trimmed and lower-cased. */
export function normaliseEmailInput(raw: string): string {
  return raw.trim().toLowerCase();
}

/** At least one digit, one special character, one lower- and one upper-case letter, minimum 6 long. */
export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /[0-9]/.test(password) &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

function add<F extends string>(errors: FieldErrors<F>, field: F, message: string): void {
  const list = errors[field] ?? [];
  list.push(message);
  errors[field] = list;
}

function emailErrors(email: string, required: string): string[] {
  if (email === '') return [required];
  if (email.length > EMAIL_MAX_LENGTH) return [EXTRA_MESSAGES.emailTooLong];
  return EMAIL_PATTERN.test(email) ? [] : [MESSAGES.invalidEmail];
}

export interface LoginInput {
  Email: string;
  Password: string;
}

/** The 'Please sign in' form (spec §5 Login). */
export function validateLogin(input: LoginInput): FieldErrors<keyof LoginInput> {
  const errors: FieldErrors<keyof LoginInput> = {};
  for (const m of emailErrors(input.Email, MESSAGES.loginEmailRequired)) add(errors, 'Email', m);
  if (input.Password === '') add(errors, 'Password', MESSAGES.loginPasswordRequired);
  return errors;
}

export interface RegistrationInput {
  Email: string;
  Password: string;
  ConfirmPassword: string;
}

/** The 'Sign Up' form (spec §5 Register); the server adds the common-password check. */
export function validateRegistration(input: RegistrationInput): FieldErrors<keyof RegistrationInput> {
  const errors: FieldErrors<keyof RegistrationInput> = {};
  for (const m of emailErrors(input.Email, MESSAGES.registerEmailRequired)) add(errors, 'Email', m);
  if (input.Password === '') add(errors, 'Password', MESSAGES.registerPasswordRequired);
  else if (input.Password.length > PASSWORD_MAX_LENGTH) add(errors, 'Password', EXTRA_MESSAGES.passwordTooLong);
  else if (!meetsPasswordRule(input.Password)) add(errors, 'Password', MESSAGES.passwordRule);
  if (input.ConfirmPassword === '') add(errors, 'ConfirmPassword', MESSAGES.confirmPasswordRequired);
  else if (input.ConfirmPassword !== input.Password) add(errors, 'ConfirmPassword', MESSAGES.confirmPasswordMismatch);
  return errors;
}

/**
 * The registration checks of a new staff account's password (an Employee or Admin made by
 * an Admin): spec §5's rule, then the staff length. The server adds the common and breached
 * list (`src/server/auth/staff-passwords.ts`).
 */
export function validateStaffRegistration(input: RegistrationInput): FieldErrors<keyof RegistrationInput> {
  const errors = validateRegistration(input);
  if (errors.Password === undefined && [...input.Password].length < STAFF_PASSWORD_MIN_LENGTH) {
    errors.Password = [EXTRA_MESSAGES.staffPasswordTooShort];
  }
  return errors;
}

/** The 'Please Enter Access Code' form (spec §5 Confirm e-mail). */
export function validateAccessCode(code: string): FieldErrors<'Code'> {
  const trimmed = code.trim();
  if (trimmed === '') return { Code: [MESSAGES.accessCodeRequired] };
  return new RegExp(`^[0-9]{${ACCESS_CODE_LENGTH}}$`).test(trimmed) ? {} : { Code: [EXTRA_MESSAGES.accessCodeFormat] };
}

/** The editable profile fields (My Profile and My Address); a field left out keeps its value. */
export interface ProfileInput {
  FullName?: string;
  Phone?: string;
  AddressLine1?: string;
  AddressLine2?: string;
  City?: string;
  State?: string;
  PostalCode?: string;
}

export type ProfileField = keyof ProfileInput;

/** Phone: empty, or 7 to 15 digits with an optional leading + and spaces or hyphens between groups. */
export function isValidPhone(phone: string): boolean {
  if (phone === '') return true;
  if (!/^\+?[0-9]([0-9 -]*[0-9])?$/.test(phone) || /[ -]{2}/.test(phone)) return false;
  const digits = phone.replace(/[^0-9]/g, '').length;
  return digits >= 7 && digits <= 15;
}

/**
 * A PIN code as typed, tidied (issue 37): digits with spaces or hyphens between them ("560 038",
 * "560-038") become the digits alone; anything else is only trimmed, for the rules to judge.
 */
export function tidyPostalCode(text: string): string {
  const t = text.trim();
  return /^[0-9][0-9 -]*[0-9]$/.test(t) ? t.replace(/[ -]/g, '') : t;
}

/** Validates the profile fields present in `input` (values already trimmed by the caller). */
export function validateProfile(input: ProfileInput): FieldErrors<ProfileField> {
  const errors: FieldErrors<ProfileField> = {};
  const tooLong = (field: ProfileField, max: number, message: string) => {
    const v = input[field];
    if (v !== undefined && v.length > max) add(errors, field, message);
  };
  tooLong('FullName', FULL_NAME_MAX_LENGTH, EXTRA_MESSAGES.fullNameTooLong);
  if (input.Phone !== undefined && !isValidPhone(input.Phone)) add(errors, 'Phone', EXTRA_MESSAGES.phoneFormat);
  tooLong('AddressLine1', ADDRESS_LINE_MAX_LENGTH, EXTRA_MESSAGES.addressLine1TooLong);
  tooLong('AddressLine2', ADDRESS_LINE_MAX_LENGTH, EXTRA_MESSAGES.addressLine2TooLong);
  tooLong('City', CITY_MAX_LENGTH, EXTRA_MESSAGES.cityTooLong);
  tooLong('State', STATE_MAX_LENGTH, EXTRA_MESSAGES.stateTooLong);
  if (input.PostalCode !== undefined && input.PostalCode !== '' && !/^[0-9]{6}$/.test(input.PostalCode)) {
    add(errors, 'PostalCode', EXTRA_MESSAGES.postalCodeFormat);
  }
  return errors;
}

/** True when a validator found nothing. */
export function isValid(errors: FieldErrors): boolean {
  return Object.values(errors).every((list) => list === undefined || list.length === 0);
}
