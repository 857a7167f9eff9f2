import { describe, expect, it } from 'vitest';
import {
  isValid,
  isValidPhone,
  MESSAGES,
  meetsPasswordRule,
  validateAccessCode,
  validateLogin,
  validateProfile,
  validateRegistration,
  validateStaffRegistration,
} from '../../src/lib/domain/account-rules.ts';

const RULE =
  'Password Length should be minimum 6 characters long, it should have at least one digit, one special character, one lowercase and one uppercase character.';

describe('login form rules (spec §5)', () => {
  it('requires both fields with the login texts', () => {
    expect(validateLogin({ Email: '', Password: '' })).toEqual({
      Email: ['Email is Required'],
      Password: ['Password is Required'],
    });
  });

  it('refuses an address that is not a lower-case e-mail', () => {
    expect(validateLogin({ Email: 'not-an-email', Password: 'x' })).toEqual({ Email: ['Invalid Email Address'] });
    expect(validateLogin({ Email: 'Asha@Example.com', Password: 'x' })).toEqual({ Email: ['Invalid Email Address'] });
    expect(validateLogin({ Email: 'asha@example', Password: 'x' })).toEqual({ Email: ['Invalid Email Address'] });
  });

  it('passes a lower-case address and any password', () => {
    const errors = validateLogin({ Email: 'asha.k+shop@mail.example.in', Password: 'x' });
    expect(errors).toEqual({});
    expect(isValid(errors)).toBe(true);
  });
});

describe('register form rules (spec §5)', () => {
  it('requires every field with the register texts (lower-case "required")', () => {
    expect(validateRegistration({ Email: '', Password: '', ConfirmPassword: '' })).toEqual({
      Email: ['Email is required'],
      Password: ['Password is required'],
      ConfirmPassword: ['Confirm Password is required'],
    });
  });

  it.each([
    ['Ab1!x', 'too short'],
    ['abcdef1!', 'no upper-case letter'],
    ['ABCDEF1!', 'no lower-case letter'],
    ['Abcdefg!', 'no digit'],
    ['Abcdefg1', 'no special character'],
  ])('refuses %s (%s) with the rule text to the letter', (password) => {
    const errors = validateRegistration({ Email: 'a@b.co', Password: password, ConfirmPassword: password });
    expect(errors).toEqual({ Password: [RULE] });
  });

  it('accepts six characters meeting every part of the rule, and long passphrases', () => {
    expect(meetsPasswordRule('Ab1!xy')).toBe(true);
    const long = `Correct Horse Battery Staple 42! ${'x'.repeat(40)}`;
    expect(long.length).toBeGreaterThanOrEqual(64);
    expect(validateRegistration({ Email: 'a@b.co', Password: long, ConfirmPassword: long })).toEqual({});
  });

  it('caps passwords at 128 characters', () => {
    const huge = `Aa1!${'x'.repeat(125)}`;
    expect(validateRegistration({ Email: 'a@b.co', Password: huge, ConfirmPassword: huge }).Password).toEqual([
      'Password must be at most 128 characters long.',
    ]);
  });

  it('wants the confirmation to match', () => {
    expect(validateRegistration({ Email: 'a@b.co', Password: 'Ab1!xyz', ConfirmPassword: 'Ab1!xyZ' })).toEqual({
      ConfirmPassword: ['Confirm Password should be match with Password'],
    });
  });
});

describe('confirm form rule (spec §5)', () => {
  it('requires the access code', () => {
    expect(validateAccessCode('')).toEqual({ Code: ['Access Code is Required'] });
    expect(validateAccessCode('   ')).toEqual({ Code: ['Access Code is Required'] });
  });

  it('wants six digits', () => {
    expect(validateAccessCode('12345')).toEqual({ Code: ['Access Code must be the 6 digits we sent you by e-mail.'] });
    expect(validateAccessCode('12a456').Code).toHaveLength(1);
    expect(validateAccessCode('012345')).toEqual({});
    expect(validateAccessCode(' 012345 ')).toEqual({});
  });
});

describe('profile rules', () => {
  it('accepts an empty edit and a full, plausible profile', () => {
    expect(validateProfile({})).toEqual({});
    expect(
      validateProfile({
        FullName: 'Asha Kumar',
        Phone: '+91 98765 43210',
        AddressLine1: '12 MG Road',
        AddressLine2: '',
        City: 'Bengaluru',
        State: 'Karnataka',
        PostalCode: '560001',
      }),
    ).toEqual({});
  });

  it('names each broken field', () => {
    const errors = validateProfile({
      FullName: 'x'.repeat(101),
      Phone: '12-34',
      AddressLine1: 'x'.repeat(201),
      City: 'x'.repeat(101),
      PostalCode: '5600',
    });
    expect(Object.keys(errors).sort()).toEqual(['AddressLine1', 'City', 'FullName', 'Phone', 'PostalCode']);
    expect(errors.PostalCode).toEqual(['PostalCode must be exactly 6 digits, such as 560001.']);
    expect(errors.FullName).toEqual(['FullName must be at most 100 characters long.']);
  });

  it.each([
    ['', true],
    ['9876543210', true],
    ['+91-98765-43210', true],
    ['080 2222 3333', true],
    ['12345', false],
    ['+', false],
    ['98765 43210 ext', false],
    ['1234567890123456', false],
    ['98765--43210', false],
  ])('phone %j valid: %s', (phone, ok) => {
    expect(isValidPhone(phone)).toBe(ok);
  });
});

describe('the staff registration form', () => {
  const staff = (Password: string) =>
    validateStaffRegistration({ Email: 'kiran@example.com', Password, ConfirmPassword: Password });
  it("puts spec §5's rule first, then the staff length", () => {
    expect(staff('Gr3en').Password).toEqual([MESSAGES.passwordRule]);
    expect(staff('Gr3en!Tea-p').Password).toEqual(['Password must be at least 12 characters for staff accounts.']);
    expect(staff('Gr3en!Tea-pot')).toEqual({});
  });
});
