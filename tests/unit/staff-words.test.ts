import { describe, expect, it } from 'vitest';
import { actionInWords, auditPhrase, targetInWords } from '../../src/lib/domain/audit-words.ts';
import { describeImportChange, describeReport, describeSheetError } from '../../src/lib/domain/catalogue-sheet.ts';
import { inLabels } from '../../src/lib/domain/field-labels.ts';
import { plural, possessive } from '../../src/lib/domain/words.ts';

describe('messages in the words people read', () => {
  it('names fields by the labels the forms show', () => {
    expect(inLabels('PostalCode must be exactly 6 digits, such as 560001.')).toBe(
      'PIN code must be exactly 6 digits, such as 560001.',
    );
    expect(inLabels('CategoryTitle is required.', { CategoryTitle: 'Title' })).toBe('Title is required.');
    expect(inLabels('FlatDiscount must not be more than UnitPrice (120).')).toBe(
      'Flat discount must not be more than unit price (120).',
    );
    expect(inLabels('Gst must be one of 0, 5, 12, 18, 28 (percent).')).toBe(
      'GST must be one of 0, 5, 12, 18, 28 (percent).',
    );
    expect(inLabels('Email is Required')).toBe('Email is Required');
  });

  it('counts and possessives', () => {
    expect(plural(1, 'line')).toBe('1 line');
    expect(plural(3, 'line')).toBe('3 lines');
    expect(plural(2, 'category', 'categories')).toBe('2 categories');
    expect(possessive('Organic Greens')).toBe("Organic Greens'");
    expect(possessive('Fruit')).toBe("Fruit's");
  });

  it('the log in words', () => {
    expect(actionInWords('item.created', 'item:12')).toBe('created item #12');
    expect(actionInWords('role.removed', 'user:2')).toBe('took a role from account #2');
    expect(actionInWords('catalogue.imported', 'file:items.csv')).toBe('imported file items.csv');
    expect(actionInWords('site.published', '')).toBe('published the shop’s pages');
    expect(actionInWords('mfa.reset', 'user:4')).toBe('reset the second factor of account #4');
    expect(actionInWords('store.delivery', 'store:3')).toBe('set where it delivers and its fees for store #3');
    expect(actionInWords('slot.created', 'store:3')).toBe('added a delivery slot to store #3');
    expect(actionInWords('slot.template', 'store:3')).toBe('set the weekly delivery slots of store #3');
    expect(actionInWords('mfa.recovery_used', 'user:4')).toBe('used a recovery code of account #4');
    expect(targetInWords('feedclient:3')).toBe('feed client #3');
    expect(actionInWords('feed.refused', 'feedclient:3')).toBe('was refused a stock and price feed as feed client #3');
    expect(actionInWords('feed.refused', '')).toBe('was refused a stock and price feed');
  });

  it('an import report in one sentence', () => {
    const zero = { Items: 0, Stores: 0, StoreDbs: 0, Sections: 0, Categories: 0 };
    expect(
      describeReport({
        DryRun: false,
        Rows: 4,
        Seconds: 0.1,
        Changes: [],
        ChangeCount: 0,
        Created: { ...zero, Items: 3, Stores: 1 },
        Changed: { ...zero, Items: 1 },
        Unchanged: { ...zero, Categories: 1 },
      }),
    ).toBe('Created 3 items and 1 store; changed 1 item; 0 items unchanged.');
  });
});

describe('the audit log names its targets (issue 35)', () => {
  const said = (p: { lead: string; name: string; tail: string }) => `${p.lead}[${p.name}]${p.tail}`;

  it('names the target beside its number, an account by its e-mail, a role by its name', () => {
    expect(said(auditPhrase('item.edited', 'item:2', 'Nashik Green Grapes (1 kg)', {}))).toBe(
      'edited [Nashik Green Grapes (1 kg)] — item #2',
    );
    expect(said(auditPhrase('role.added', 'user:106', 'asha@example.com', { role: 'Employee' }))).toBe(
      'gave Employee to [asha@example.com]',
    );
    expect(said(auditPhrase('role.removed', 'user:106', 'asha@example.com', { role: 'Admin' }))).toBe(
      'took Admin from [asha@example.com]',
    );
    expect(said(auditPhrase('order.status', 'order:23', 'Asha Patel’s order', {}))).toBe(
      'changed the status of [Asha Patel’s order] — order #23',
    );
  });

  it('reads as before for a target it cannot name, and has no name for none', () => {
    expect(said(auditPhrase('item.deleted', 'item:9', null, {}))).toBe('deleted [item #9]');
    expect(said(auditPhrase('site.published', 'site', null, {}))).toBe('published the shop’s pages[]');
  });
});

describe('an import check in words (issue 35)', () => {
  it('names the row, the item, the column and the bad value', () => {
    expect(
      describeSheetError({
        Row: 14,
        Column: 'UnitPrice',
        Rule: 'UnitPrice must be a number.',
        Item: 'Nashik Green Grapes',
        Value: 'abc',
      }),
    ).toBe("Row 14, Nashik Green Grapes: UnitPrice 'abc' must be a number.");
    expect(describeSheetError({ Row: 1, Column: 'Colour', Rule: 'is not a column Aisle knows.' })).toBe(
      'Row 1: Colour is not a column Aisle knows.',
    );
  });

  it('says a changed cell as before → after', () => {
    expect(
      describeImportChange({
        Row: 3,
        Kind: 'Item',
        ID: 7,
        Name: 'Sangli Green Grapes',
        Column: 'UnitPrice',
        Before: '79',
        After: '85',
      }),
    ).toBe('Sangli Green Grapes: UnitPrice 79 → 85');
  });
});
