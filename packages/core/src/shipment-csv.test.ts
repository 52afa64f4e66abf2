import { describe, expect, it } from 'vitest';
import { csvCells, csvTime, parseShipmentCsv } from './shipment-csv.ts';

describe('csvCells', () => {
  it.each([
    ['a,b,c', ['a', 'b', 'c']],
    [' a , b ', ['a', 'b']],
    [
      'DL1,Undelivered,"Customer not available, phone off",2026-11-28 10:00',
      ['DL1', 'Undelivered', 'Customer not available, phone off', '2026-11-28 10:00'],
    ],
    ['"say ""hi""",x', ['say "hi"', 'x']],
    ['a,,c', ['a', '', 'c']],
  ])('%s', (line, cells) => {
    expect(csvCells(line)).toEqual(cells);
  });
});

describe('csvTime', () => {
  it.each([
    ['2026-11-28T10:15:00Z', '2026-11-28T10:15:00.000Z'],
    ['2026-11-28T15:45:00+05:30', '2026-11-28T10:15:00.000Z'],
    ['2026-11-28 15:45', '2026-11-28T10:15:00.000Z'],
    ['2026-11-28 15:45:30', '2026-11-28T10:15:30.000Z'],
    ['28/11/2026', null],
    ['2026-13-40 10:00', null],
    ['', null],
  ])('%s', (text, iso) => {
    expect(csvTime(text)).toBe(iso);
  });
});

describe('parseShipmentCsv', () => {
  it('reads the columns in any order and case, and reports each bad line by number', () => {
    const csv = [
      'Status,AWB Number,Remarks,Event Time,Event ID',
      'In Transit,DL100,,2026-11-28 09:00,ev-1',
      'Undelivered,DL100,"Door locked, no answer",2026-11-29 14:00,',
      '',
      'Lost in space,DL100,,2026-11-29 15:00,',
      'Delivered,??,,2026-11-29 15:00,',
      'Delivered,DL100,,yesterday,',
      'RTO Delivered,DL200,,2026-11-30T08:00:00Z,',
    ].join('\r\n');
    expect(parseShipmentCsv(csv)).toEqual({
      events: [
        {
          line: 2,
          awb: 'DL100',
          kind: 'in_transit',
          at: '2026-11-28T03:30:00.000Z',
          reason: null,
          location: null,
          eventId: 'ev-1',
        },
        {
          line: 3,
          awb: 'DL100',
          kind: 'delivery_failed',
          at: '2026-11-29T08:30:00.000Z',
          reason: 'Door locked, no answer',
          location: null,
          eventId: null,
        },
        {
          line: 8,
          awb: 'DL200',
          kind: 'rto_delivered',
          at: '2026-11-30T08:00:00.000Z',
          reason: null,
          location: null,
          eventId: null,
        },
      ],
      errors: [
        { line: 5, message: 'Unknown status "Lost in space".' },
        { line: 6, message: '"??" is not an AWB number.' },
        { line: 7, message: '"yesterday" is not a date and time.' },
      ],
    });
  });

  it('refuses a header without the columns it needs', () => {
    expect(parseShipmentCsv('awb,reason\nDL1,x\n')).toEqual({
      events: [],
      errors: [{ line: 1, message: 'The header must name the columns awb, status and time (missing: status, time).' }],
    });
  });
});
