import { describe, expect, it } from 'vitest';
import { actionInWords, targetInWords } from '../../src/lib/domain/audit-words.ts';
import { describeReport } from '../../src/lib/domain/catalogue-sheet.ts';
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
        Created: { ...zero, Items: 3, Stores: 1 },
        Changed: { ...zero, Items: 1 },
        Unchanged: { ...zero, Categories: 1 },
      }),
    ).toBe('Created 3 items and 1 store; changed 1 item; 0 items unchanged.');
  });
});
