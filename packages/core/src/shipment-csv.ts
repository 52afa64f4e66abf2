/**
 * The CSV of AWB statuses every shipping aggregator exports, read as parcel events: a header
 * naming the columns (in any order, any case), then one event per line. Required: `awb`,
 * `status` and `time`; optional: `reason`, `location`, `event_id`. Each line is judged alone: a
 * bad line is reported with its number (the header is line 1) and the others still count.
 */
import { shipmentEventFromText, AWB_PATTERN, type ShipmentEventKind } from './shipment-status.ts';

export const SHIPMENT_CSV_HEADER = 'awb,status,reason,time,event_id';
export const MAX_SHIPMENT_CSV_LINES = 5_000;

export interface ShipmentCsvEvent {
  line: number;
  awb: string;
  kind: ShipmentEventKind;
  reason: string | null;
  location: string | null;
  /** ISO instant. */
  at: string;
  /** The export's own id for the event; null: the line is known by AWB, status and time. */
  eventId: string | null;
}

export interface ShipmentCsvResult {
  events: ShipmentCsvEvent[];
  errors: { line: number; message: string }[];
}

/** One CSV line's cells: commas split, double quotes group (and `""` is a quote). */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

const aliases: Record<string, string> = {
  awb: 'awb',
  awbnumber: 'awb',
  awbno: 'awb',
  trackingnumber: 'awb',
  status: 'status',
  currentstatus: 'status',
  reason: 'reason',
  remarks: 'reason',
  ndrreason: 'reason',
  location: 'location',
  time: 'time',
  date: 'time',
  eventtime: 'time',
  statustime: 'time',
  updatedat: 'time',
  eventid: 'event_id',
};

/** India's time, which exports without an offset mean. */
const SHOP_OFFSET = '+05:30';

/** An ISO instant from `2026-11-28T10:15:00Z`, or India's `2026-11-28 15:45` (seconds optional). */
export function csvTime(text: string): string | null {
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/.exec(text);
  const candidate = local ? `${local[1]}T${local[2]}${local[3] ?? ':00'}${SHOP_OFFSET}` : text;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(candidate)) return null;
  const time = new Date(candidate);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

const optional = (text: string | undefined, max: number) => (text ? text.slice(0, max) : null);

export function parseShipmentCsv(text: string): ShipmentCsvResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const header = csvCells(lines[0] ?? '').map((cell) => aliases[cell.toLowerCase().replace(/[\s_-]+/g, '')] ?? '');
  const missing = ['awb', 'status', 'time'].filter((column) => !header.includes(column));
  if (missing.length > 0) {
    return {
      events: [],
      errors: [
        { line: 1, message: `The header must name the columns awb, status and time (missing: ${missing.join(', ')}).` },
      ],
    };
  }
  const events: ShipmentCsvEvent[] = [];
  const errors: ShipmentCsvResult['errors'] = [];
  if (lines.filter((line) => line.trim() !== '').length - 1 > MAX_SHIPMENT_CSV_LINES) {
    return { events, errors: [{ line: 1, message: `At most ${MAX_SHIPMENT_CSV_LINES} lines at a time.` }] };
  }
  lines.slice(1).forEach((raw, index) => {
    const line = index + 2;
    if (raw.trim() === '') return;
    const cells = csvCells(raw);
    const cell = (column: string) => {
      const at = header.indexOf(column);
      return at < 0 ? undefined : cells[at];
    };
    const awb = cell('awb') ?? '';
    const kind = shipmentEventFromText(cell('status') ?? '');
    const at = csvTime(cell('time') ?? '');
    if (!AWB_PATTERN.test(awb)) return errors.push({ line, message: `"${awb.slice(0, 40)}" is not an AWB number.` });
    if (!kind) return errors.push({ line, message: `Unknown status "${(cell('status') ?? '').slice(0, 40)}".` });
    if (!at) return errors.push({ line, message: `"${(cell('time') ?? '').slice(0, 40)}" is not a date and time.` });
    events.push({
      line,
      awb,
      kind,
      at,
      reason: optional(cell('reason'), 200),
      location: optional(cell('location'), 200),
      eventId: optional(cell('event_id'), 100),
    });
  });
  return { events, errors };
}
