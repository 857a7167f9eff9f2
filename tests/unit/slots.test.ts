import { describe, expect, it } from 'vitest';
import { checkSlot, checkTemplate, slotLabel, slotRefusal, templateWindows } from '../../src/lib/domain/slots.ts';

const NOW = Date.parse('2026-12-01T06:00:00.000Z'); // Tuesday 11:30 in India

describe('checkSlot', () => {
  it.each([
    [{ Start: '2026-12-02T09:00:00+05:30', End: '2026-12-02T11:00:00+05:30', Capacity: 5 }, undefined],
    [{ Start: '2026-12-02T09:00', End: '2026-12-02T11:00:00Z', Capacity: 5 }, ['Start']],
    [{ Start: '2026-12-02T09:00:00Z', End: '2026-12-02T09:00:00Z', Capacity: 5 }, ['End']],
    [{ Start: '2026-12-02T09:00:00Z', End: '2026-12-03T09:00:01Z', Capacity: 5 }, ['End']],
    [{ Start: '2026-11-30T09:00:00Z', End: '2026-11-30T10:00:00Z', Capacity: 5 }, ['Start']],
    [{ Start: '2026-12-02T09:00:00Z', End: '2026-12-02T10:00:00Z', Capacity: 0 }, ['Capacity']],
    [{ Start: '2026-12-02T09:00:00Z', End: '2026-12-02T10:00:00Z', Capacity: '5' }, ['Capacity']],
    [
      { Start: '2026-12-02T09:00:00Z', End: '2026-12-02T10:00:00Z', Capacity: 5, Cutoff: '2026-12-02T09:30:00Z' },
      ['Cutoff'],
    ],
  ])('%j → errors on %j', (body, fields) => {
    const r = checkSlot(body, 60, NOW);
    expect(r.ok ? undefined : Object.keys(r.errors)).toEqual(fields);
  });

  it('stores UTC times and a cut-off of the lead time before the start', () => {
    const r = checkSlot({ Start: '2026-12-02T09:00:00+05:30', End: '2026-12-02T11:00:00+05:30', Capacity: 5 }, 90, NOW);
    expect(r).toEqual({
      ok: true,
      slot: {
        startsAt: '2026-12-02T03:30:00.000Z',
        endsAt: '2026-12-02T05:30:00.000Z',
        cutoffAt: '2026-12-02T02:00:00.000Z',
        capacity: 5,
      },
    });
  });
});

describe('checkTemplate and templateWindows', () => {
  it('names each bad row field', () => {
    const r = checkTemplate({ Slots: [{ Weekday: 1, Start: '10:00', End: '09:00', Capacity: 1 }, 'x'] });
    expect(r.ok ? [] : Object.keys(r.errors)).toEqual([
      'Slots[0].End',
      'Slots[1].Weekday',
      'Slots[1].Start',
      'Slots[1].End',
      'Slots[1].Capacity',
    ]);
  });

  it('makes shop-local slots for the days ahead, leaving out those past their cut-off', () => {
    const rows = [
      { Weekday: 2, Start: '12:00', End: '14:00', Capacity: 3 }, // Tuesday: today, cut-off 11:00 IST has passed
      { Weekday: 2, Start: '18:00', End: '20:00', Capacity: 3 }, // today, still open
      { Weekday: 3, Start: '09:00', End: '11:00', Capacity: 4 }, // Wednesday
    ];
    const w = templateWindows(rows, NOW, 7, 60);
    expect(w.map((x) => [x.startsAt, x.cutoffAt, x.capacity])).toEqual([
      ['2026-12-01T12:30:00.000Z', '2026-12-01T11:30:00.000Z', 3],
      ['2026-12-02T03:30:00.000Z', '2026-12-02T02:30:00.000Z', 4],
    ]);
    expect(slotLabel('2026-12-02T03:30:00.000Z', '2026-12-02T05:30:00.000Z')).toBe('Wed 2 Dec, 09:00–11:00');
  });
});

describe('slotRefusal', () => {
  const slot = { starts_at: '2026-12-01T12:00:00.000Z', cutoff_at: '2026-12-01T11:00:00.000Z', capacity: 2, booked: 1 };
  it.each([
    ['2026-12-01T10:00:00.000Z', slot, undefined],
    ['2026-12-01T10:00:00.000Z', { ...slot, booked: 2 }, 'full'],
    ['2026-12-01T11:00:00.000Z', slot, 'cut-off'],
    ['2026-12-01T12:00:00.000Z', slot, 'past'],
    ['2026-12-01T10:00:00.000Z', undefined, 'unknown'],
  ])('at %s → %s', (now, row, why) => {
    expect(slotRefusal(row, now)).toBe(why);
  });
});
