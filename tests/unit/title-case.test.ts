import { describe, expect, it } from 'vitest';
import { titleCase } from '../../src/lib/domain/title-case.ts';

describe('titleCase', () => {
  it('capitalises each word and lower-cases the rest', () => {
    expect(titleCase('jane doe')).toBe('Jane Doe');
    expect(titleCase('RAVI KUMAR')).toBe('Ravi Kumar');
    expect(titleCase('mIxEd cAsE')).toBe('Mixed Case');
  });

  it('treats hyphens as word breaks and collapses white space', () => {
    expect(titleCase('  anna-maria   rao ')).toBe('Anna-Maria Rao');
  });

  it('keeps an e-mail address one word', () => {
    expect(titleCase('jane.DOE@Example.com')).toBe('Jane.doe@example.com');
  });

  it('handles letters beyond ASCII and empty names', () => {
    expect(titleCase('élodie ñúñez')).toBe('Élodie Ñúñez');
    expect(titleCase('')).toBe('');
  });
});
