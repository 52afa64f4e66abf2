import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import {
  courierNames,
  maskedAccount,
  nextReturnStatus,
  openReturnStatuses,
  photoRequiredReasons,
  returnDeadline,
  returnReasonLabels,
  returnReasons,
  returnWindowOpen,
  type Courier,
  type ReturnAction,
  type ReturnData,
  type ReturnOptionsData,
  type returnRequestBody,
  type ReturnStatsData,
  type ReturnStatus,
  type StaffReturnData,
  variantPhrase,
} from '@shop/core';
import type { MessageData } from '@shop/emails';
import { variantRowKey } from '../../db/row-order.ts';
import type { Database } from '../../db/schema.ts';
import type { AttemptLimiter, Budget } from '../../lib/attempt-limiter.ts';
import { waitingTime } from '../../lib/attempt-limits.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { accountContact } from '../auth/auth.service.ts';
import { returnCreditNoteNumbers, returnCreditNotePdf } from '../invoices/invoices.service.ts';
import { enqueueMessage } from '../messages/messages.service.ts';
import { noteInHistory } from '../orders/order-payment-state.ts';
import { orderNotFound } from '../orders/order-view.ts';
import { findOrderRow, type OrderRow } from '../orders/status-changes.ts';
import { moveStock } from '../orders/stock-moves.ts';
import { getShopSettings } from '../shop-settings/shop-settings.service.ts';
import * as repo from './returns.repository.ts';

type Trx = Transaction<Database>;
type Db = Kysely<Database>;

export const returnNotFound = () => notFound('RETURN_NOT_FOUND', 'Return not found');

/** An order refunded in full has paid nothing left for a return to give back. */
export const orderRefunded = () =>
  conflict('ORDER_REFUNDED', 'This order has been refunded in full: there is nothing left to return for a refund.');

const HOUR_MS = 3_600_000;

// ---------------------------------------------------------------- reading

type OrderLine = Awaited<ReturnType<typeof repo.findOrderLines>>[number];

/** Where a return's refund goes, as the shopper sees it (a bank account masked). */
function refundToText(row: repo.ReturnRow): { method: 'source' | 'upi' | 'bank'; text: string } {
  if (row.refund_method === 'upi') return { method: 'upi', text: `UPI ${row.upi_id ?? ''}` };
  if (row.refund_method === 'bank') {
    return { method: 'bank', text: `Bank account ${maskedAccount(row.account_number ?? '')} (${row.ifsc ?? ''})` };
  }
  return { method: 'source', text: 'The way you paid' };
}

/** The whole destination, for staff to transfer to. */
function refundDestination(row: repo.ReturnRow): string {
  if (row.refund_method === 'upi') return `UPI ${row.upi_id ?? ''}`;
  if (row.refund_method === 'bank') {
    return `${row.account_name ?? ''}, account ${row.account_number ?? ''}, IFSC ${row.ifsc ?? ''}`;
  }
  return 'Online payment (refunded through the provider)';
}

interface Related {
  lines: repo.ReturnLineRow[];
  events: repo.ReturnEventRow[];
  orderLines: Map<string, OrderLine[]>;
  orderNumbers: Map<string, { number: string; paymentMethod: 'cod' | 'razorpay' }>;
  creditNotes: Map<string, string>;
}

async function related(db: Db, rows: repo.ReturnRow[]): Promise<Related> {
  const ids = rows.map((r) => r.id);
  const orderIds = [...new Set(rows.map((r) => r.order_id))];
  const [lines, events, orders, creditNotes, orderLines] = await Promise.all([
    repo.findLines(db, ids),
    repo.findEvents(db, ids),
    repo.ordersOf(db, orderIds),
    returnCreditNoteNumbers(db, ids),
    Promise.all(orderIds.map(async (id) => [id, await repo.findOrderLines(db, id)] as const)),
  ]);
  return {
    lines,
    events,
    orderLines: new Map(orderLines),
    orderNumbers: new Map(orders.map((o) => [o.id, { number: o.order_number, paymentMethod: o.payment_method }])),
    creditNotes,
  };
}

function toReturn(row: repo.ReturnRow, rel: Related): ReturnData {
  const ofOrder = rel.orderLines.get(row.order_id) ?? [];
  return {
    _id: row.id,
    number: row.number,
    orderId: row.order_id,
    orderNumber: rel.orderNumbers.get(row.order_id)?.number ?? '',
    status: row.status,
    reason: row.reason,
    details: row.details,
    photos: JSON.parse(row.photos) as string[],
    exchange: row.exchange === 1,
    refundTo: refundToText(row),
    decisionReason: row.decision_reason,
    pickup: row.pickup_courier && row.pickup_awb ? { courier: row.pickup_courier, awb: row.pickup_awb } : null,
    refund:
      row.status === 'refunded' && row.refund_amount !== null && row.refunded_at
        ? {
            amount: row.refund_amount,
            reference: row.refund_reference ?? '',
            at: row.refunded_at,
            creditNote: rel.creditNotes.get(row.id) ?? null,
          }
        : null,
    lines: rel.lines
      .filter((l) => l.return_id === row.id)
      .map((l) => {
        const line = ofOrder.find((o) => o.position === l.position);
        return {
          position: l.position,
          name: line?.name ?? '',
          color: line?.color ?? null,
          size: line?.size ?? '',
          quantity: l.quantity,
          exchangeSize: l.exchange_size,
          inspection: l.inspection,
        };
      }),
    events: rel.events
      .filter((e) => e.return_id === row.id)
      .map((e) => ({ status: e.status, note: e.note, at: e.created_at })),
    createdAt: row.created_at,
  };
}

async function views(db: Db, rows: repo.ReturnRow[]): Promise<ReturnData[]> {
  const rel = await related(db, rows);
  return rows.map((row) => toReturn(row, rel));
}

async function staffViews(db: Db, rows: repo.ReturnRow[], now: Date): Promise<StaffReturnData[]> {
  const [rel, customers] = await Promise.all([
    related(db, rows),
    repo.customersOf(db, [...new Set(rows.map((r) => r.user_id))]),
  ]);
  return rows.map((row) => {
    const customer = customers.find((c) => c.id === row.user_id);
    return {
      ...toReturn(row, rel),
      customerName: `${customer?.first_name ?? ''} ${customer?.last_name ?? ''}`.trim(),
      customerEmail: customer?.email ?? '',
      paymentMethod: rel.orderNumbers.get(row.order_id)?.paymentMethod ?? 'cod',
      refundDestination: refundDestination(row),
      ageHours: Math.max(0, Math.floor((now.getTime() - new Date(row.created_at).getTime()) / HOUR_MS)),
    };
  });
}

async function ownOrder(db: Db | Trx, userId: string, orderId: string, lock = false): Promise<OrderRow> {
  const order = await findOrderRow(db, orderId, { lock });
  if (!order || order.user_id !== userId) throw orderNotFound();
  return order;
}

/** The shopper's returns, the newest first, each with its timeline. */
export async function returnsOfShopper(db: Db, userId: string): Promise<ReturnData[]> {
  return views(db, await repo.findReturnsOfUser(db, userId));
}

/** What "Return items" offers on one of the shopper's orders. */
/** Photos a shopper may upload for returns in a day: a return's few, many times over, and no disk's worth. */
const RETURN_PHOTOS_PER_DAY = 30;

const tooManyPhotos = (budget: Budget) =>
  new AppError(
    429,
    'RATE_LIMITED',
    `Too many photos uploaded for returns. Please wait ${waitingTime(budget.windowMinutes)} and try again.`,
  );

/**
 * Lets a return photo be uploaded: only by a shopper with an order still within its return
 * window, and at most RETURN_PHOTOS_PER_DAY a day (counted across processes), so an account
 * cannot fill the disk with uploads no return will ever show.
 */
export async function allowReturnPhoto(db: Db, limiter: AttemptLimiter, userId: string, now = new Date()) {
  const [settings, delivered] = await Promise.all([getShopSettings(db), repo.lastDeliveryOfShopper(db, userId)]);
  if (!returnWindowOpen(delivered ?? null, settings.returnWindowDays, now)) {
    throw conflict(
      'NO_RETURNABLE_ORDER',
      `Photos are taken for a return of an order delivered in the last ${settings.returnWindowDays} days.`,
    );
  }
  await limiter.reserve(
    [{ key: `return-photos:${userId}`, max: RETURN_PHOTOS_PER_DAY, windowMinutes: 24 * 60 }],
    tooManyPhotos,
  );
}

export async function returnOptions(
  db: Db,
  userId: string,
  orderId: string,
  now = new Date(),
): Promise<ReturnOptionsData> {
  const order = await ownOrder(db, userId, orderId);
  const [settings, delivered, lines, asked] = await Promise.all([
    getShopSettings(db),
    order.status === 'delivered' ? repo.deliveredAt(db, orderId) : undefined,
    repo.findOrderLines(db, orderId),
    repo.unitsAskedBack(db, orderId),
  ]);
  const variants = settings.allowSizeExchanges
    ? await repo.sizesOf(
        db,
        lines.map((l) => l.product_id),
      )
    : [];
  return {
    open: order.payment_status !== 'refunded' && returnWindowOpen(delivered ?? null, settings.returnWindowDays, now),
    deadline: delivered ? returnDeadline(delivered, settings.returnWindowDays).toISOString() : null,
    windowDays: settings.returnWindowDays,
    allowExchanges: settings.allowSizeExchanges,
    needsRefundDestination: order.payment_method === 'cod',
    lines: lines.map((line) => ({
      position: line.position,
      name: line.name,
      color: line.color,
      size: line.size,
      returnable: Math.max(0, line.quantity - (asked.get(line.position) ?? 0)),
      otherSizes: variants
        .filter((v) => v.product_id === line.product_id && v.color === (line.color ?? '') && v.size !== line.size)
        .map((v) => v.size),
    })),
  };
}

// ---------------------------------------------------------------- emails and history

type ReturnStep = MessageData<'return-update'>['step'];

export async function tellShopper(
  trx: Trx,
  row: Pick<repo.ReturnRow, 'user_id' | 'order_id' | 'number'>,
  orderNumber: string,
  step: ReturnStep,
  extra: Partial<MessageData<'return-update'>>,
  now: Date,
) {
  const contact = await accountContact(trx, row.user_id);
  await enqueueMessage(
    trx,
    {
      template: 'return-update',
      to: contact.email,
      userId: row.user_id,
      orderId: row.order_id,
      data: { firstName: contact.firstName, orderNumber, returnNumber: row.number, step, ...extra },
    },
    now,
  );
}

/** A step of the return: its timeline, and a line in the order's history and staff's audit. */
async function recordStep(
  trx: Trx,
  row: Pick<repo.ReturnRow, 'id' | 'order_id' | 'number'>,
  order: Pick<OrderRow, 'status'>,
  step: { status: ReturnStatus; note: string | null; actorId: string | null; summary: string },
  now: Date,
) {
  const at = now.toISOString();
  await repo.recordEvent(trx, {
    id: newId(),
    return_id: row.id,
    status: step.status,
    note: step.note,
    actor_id: step.actorId,
    created_at: at,
  });
  await noteInHistory(trx, {
    orderId: row.order_id,
    status: order.status,
    note: `Return ${row.number}: ${step.summary}`,
    actorId: step.actorId,
    now: at,
  });
  if (step.actorId) {
    await recordAudit(trx, {
      actorId: step.actorId,
      entityType: 'order',
      entityId: row.order_id,
      action: `return.${step.status}`,
      summary: `Return ${row.number}: ${step.summary}`,
      now: at,
    });
  }
}

// ---------------------------------------------------------------- the shopper asks

const returnWindowClosed = (days: number) =>
  conflict(
    'RETURN_WINDOW_CLOSED',
    `Returns can be asked for within ${days} ${days === 1 ? 'day' : 'days'} of delivery, and this order is past that.`,
  );

type ReturnRequest = z.output<typeof returnRequestBody>;

function destinationColumns(order: OrderRow, body: ReturnRequest, exchange: boolean) {
  const none = { refund_method: 'source' as const, upi_id: null, account_name: null, account_number: null, ifsc: null };
  if (order.payment_method !== 'cod' || exchange) return none;
  const to = body.refundTo;
  if (!to) {
    throw new AppError(
      400,
      'REFUND_DESTINATION_REQUIRED',
      'Tell us where to refund: a UPI ID, or a bank account and IFSC.',
      [{ path: 'refundTo', message: 'Choose UPI or bank account for the refund.' }],
    );
  }
  return to.method === 'upi'
    ? { ...none, refund_method: 'upi' as const, upi_id: to.upiId }
    : {
        ...none,
        refund_method: 'bank' as const,
        account_name: to.accountName,
        account_number: to.accountNumber,
        ifsc: to.ifsc,
      };
}

/**
 * The shopper asks to return items of a delivered order, within the owner's window: the
 * lines and units (never more than are left to ask back, counted under the order's lock so
 * two requests at once cannot ask the same unit twice), a reason of the policy's, photos
 * (required for damaged), and for a cash order where the refund goes.
 */
export async function requestReturn(
  db: Db,
  userId: string,
  orderId: string,
  body: ReturnRequest,
  now = new Date(),
): Promise<ReturnData> {
  if (photoRequiredReasons.includes(body.reason) && body.photos.length === 0) {
    throw new AppError(400, 'PHOTO_REQUIRED', 'Add a photo of the damage.', [
      { path: 'photos', message: 'Add at least one photo of the damage.' },
    ]);
  }
  const positions = body.lines.map((l) => l.position);
  if (new Set(positions).size !== positions.length) throw badRequest('DUPLICATE_LINE', 'Choose each item once.');
  const exchanges = body.lines.filter((l) => l.exchangeSize !== undefined).length;
  if (exchanges > 0 && exchanges < body.lines.length) {
    throw badRequest('MIXED_RETURN', 'Ask for another size and for a refund in separate returns.');
  }
  const exchange = exchanges > 0;
  const settings = await getShopSettings(db);
  if (exchange && !settings.allowSizeExchanges) {
    throw badRequest('EXCHANGES_OFF', 'This shop does not exchange items: choose a refund.');
  }
  const id = newId();
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, userId, orderId, true);
    if (order.status !== 'delivered') {
      throw conflict('NOT_DELIVERED', 'Items can be returned once the order has been delivered.');
    }
    if (order.payment_status === 'refunded') throw orderRefunded();
    const delivered = await repo.deliveredAt(trx, orderId);
    if (!returnWindowOpen(delivered ?? null, settings.returnWindowDays, now)) {
      throw returnWindowClosed(settings.returnWindowDays);
    }
    const [lines, asked, previous] = await Promise.all([
      repo.findOrderLines(trx, orderId),
      repo.unitsAskedBack(trx, orderId),
      repo.findReturnsOfOrder(trx, orderId),
    ]);
    const variants = exchange
      ? await repo.sizesOf(
          trx,
          lines.map((l) => l.product_id),
        )
      : [];
    for (const wanted of body.lines) {
      const line = lines.find((l) => l.position === wanted.position);
      if (!line) throw badRequest('NO_SUCH_LINE', 'That item is not in this order.');
      const left = line.quantity - (asked.get(line.position) ?? 0);
      if (wanted.quantity > left) {
        throw conflict(
          'TOO_MANY_UNITS',
          left === 0
            ? `${line.name} has already been asked back.`
            : `Only ${left} of ${line.name} can still be returned.`,
        );
      }
      const size = wanted.exchangeSize;
      if (
        size !== undefined &&
        (size === line.size ||
          !variants.some((v) => v.product_id === line.product_id && v.color === (line.color ?? '') && v.size === size))
      ) {
        throw badRequest('NO_SUCH_SIZE', `${line.name} has no size ${size} in this colour.`);
      }
    }
    const row = {
      id,
      number: `${order.order_number}-R${previous.length + 1}`,
      order_id: orderId,
      user_id: userId,
      status: 'requested' as const,
      reason: body.reason,
      details: body.details,
      photos: JSON.stringify(body.photos),
      exchange: exchange ? 1 : 0,
      ...destinationColumns(order, body, exchange),
      decision_reason: null,
      pickup_courier: null,
      pickup_awb: null,
      refund_amount: null,
      refund_units: null,
      refund_key: null,
      refund_claimed_at: null,
      refund_reference: null,
      refunded_at: null,
      created_at: at,
      updated_at: at,
    };
    await repo.insertReturn(
      trx,
      row,
      body.lines.map((l) => ({
        id: newId(),
        return_id: id,
        position: l.position,
        quantity: l.quantity,
        exchange_size: l.exchangeSize ?? null,
        inspection: null,
      })),
    );
    const units = body.lines.reduce((n, l) => n + l.quantity, 0);
    await recordStep(
      trx,
      row,
      order,
      {
        status: 'requested',
        note: null,
        actorId: null,
        summary: `asked for by the shopper (${units} ${units === 1 ? 'item' : 'items'}, ${returnReasonLabels[body.reason].toLowerCase()})`,
      },
      now,
    );
    await tellShopper(trx, row, order.order_number, 'requested', {}, now);
  });
  return (await views(db, [(await repo.findReturn(db, id))!]))[0]!;
}

// ---------------------------------------------------------------- staff

export async function returnQueue(db: Db, view: 'open' | 'all', now = new Date()): Promise<StaffReturnData[]> {
  return staffViews(db, await repo.findQueue(db, view === 'open' ? openReturnStatuses : null), now);
}

export async function staffReturn(db: Db, id: string, now = new Date()): Promise<StaffReturnData> {
  const row = await repo.findReturn(db, id);
  if (!row) throw returnNotFound();
  return (await staffViews(db, [row], now))[0]!;
}

/**
 * One step of staff's on a return, in one transaction under the order's lock: the move from
 * the status it was read in (409 when it cannot be made, or was made meanwhile), what the
 * step changes, its timeline line, history, audit, and the shopper's email.
 */
async function step(
  db: Db,
  staffId: string,
  id: string,
  action: ReturnAction,
  work: (
    trx: Trx,
    row: repo.ReturnRow,
    order: OrderRow,
  ) => Promise<{
    set?: Parameters<typeof repo.moveStatus>[4];
    note: string | null;
    summary: string;
    email?: { step: ReturnStep; extra?: Partial<MessageData<'return-update'>> };
  }>,
  now: Date,
): Promise<StaffReturnData> {
  await db.transaction().execute(async (trx) => {
    const found = await repo.findReturn(trx, id);
    if (!found) throw returnNotFound();
    const order = await findOrderRow(trx, found.order_id, { lock: true });
    if (!order) throw orderNotFound();
    // Read again under the order's lock: a step taken meanwhile is seen.
    const row = (await repo.findReturn(trx, id))!;
    const move = nextReturnStatus(row.status, action, { exchange: row.exchange === 1 });
    if (!move.ok) throw conflict('RETURN_STEP_REFUSED', move.message);
    const done = await work(trx, row, order);
    if (!(await repo.moveStatus(trx, id, row.status, move.to, done.set ?? {}, now.toISOString()))) {
      throw conflict('RETURN_CHANGED', 'This return changed meanwhile. Please reload and try again.');
    }
    await recordStep(
      trx,
      row,
      order,
      { status: move.to, note: done.note, actorId: staffId, summary: done.summary },
      now,
    );
    if (done.email) await tellShopper(trx, row, order.order_number, done.email.step, done.email.extra ?? {}, now);
  });
  return staffReturn(db, id, now);
}

export async function decideReturn(
  db: Db,
  staffId: string,
  id: string,
  { decision, reason }: { decision: 'approve' | 'reject'; reason: string },
  now = new Date(),
): Promise<StaffReturnData> {
  if (decision === 'reject' && !reason) {
    throw new AppError(400, 'REASON_REQUIRED', 'Say why the return is rejected: the shopper is told.', [
      { path: 'reason', message: 'Say why the return is rejected.' },
    ]);
  }
  return step(
    db,
    staffId,
    id,
    decision,
    async () =>
      decision === 'approve'
        ? { note: reason || null, summary: 'approved', email: { step: 'approved' } }
        : {
            set: { decision_reason: reason },
            note: reason,
            summary: `rejected (${reason})`,
            email: { step: 'rejected', extra: { reason } },
          },
    now,
  );
}

export async function schedulePickup(
  db: Db,
  staffId: string,
  id: string,
  pickup: { courier: Courier; awb: string },
  now = new Date(),
): Promise<StaffReturnData> {
  const text = `${courierNames[pickup.courier]}, AWB ${pickup.awb}`;
  return step(
    db,
    staffId,
    id,
    'schedule_pickup',
    async () => ({
      set: { pickup_courier: pickup.courier, pickup_awb: pickup.awb },
      note: text,
      summary: `pickup booked with ${text}`,
      email: { step: 'pickup', extra: { pickup: { courierName: courierNames[pickup.courier], awb: pickup.awb } } },
    }),
    now,
  );
}

export async function markReceived(db: Db, staffId: string, id: string, now = new Date()): Promise<StaffReturnData> {
  return step(
    db,
    staffId,
    id,
    'receive',
    async () => ({ note: null, summary: 'items received', email: { step: 'received' } }),
    now,
  );
}

/**
 * Staff inspect every returned line: back to stock (the variant's pieces returned in this
 * transaction) or written off (kept out of stock). Answered once, with every line.
 */
export async function inspectReturn(
  db: Db,
  staffId: string,
  id: string,
  outcomes: readonly { position: number; outcome: 'restock' | 'write_off' }[],
  now = new Date(),
): Promise<StaffReturnData> {
  return step(
    db,
    staffId,
    id,
    'inspect',
    async (trx, row) => {
      const lines = (await repo.findLines(trx, [row.id])).filter((l) => l.return_id === row.id);
      const given = new Map(outcomes.map((o) => [o.position, o.outcome]));
      if (given.size !== outcomes.length || lines.some((l) => !given.has(l.position)) || given.size !== lines.length) {
        throw badRequest(
          'INSPECT_EVERY_LINE',
          'Say for every returned line whether it goes back to stock or is written off.',
        );
      }
      const orderLines = await repo.findOrderLines(trx, row.order_id);
      const restock = lines.filter((l) => given.get(l.position) === 'restock');
      const returned = restock.map((l) => {
        const line = orderLines.find((o) => o.position === l.position)!;
        return {
          productId: line.product_id,
          color: line.color ?? '',
          size: line.size,
          delta: -l.quantity,
          name: line.name,
        };
      });
      const { left } = await moveStock(trx, returned);
      // A variant staff removed after the order was delivered has no stock to take the pieces
      // back: saying "back to stock" would lose them unseen. Staff add it back or write them off.
      const gone = returned.find((r) => !left.has(variantRowKey(r)));
      if (gone) {
        throw conflict(
          'VARIANT_REMOVED',
          `${gone.name} in ${variantPhrase(gone)} is no longer sold, so it cannot go back to stock. Add it back to the product's variants first, or record it as written off.`,
        );
      }
      for (const line of lines) await repo.setInspection(trx, row.id, line.position, given.get(line.position)!);
      const restocked = restock.reduce((n, l) => n + l.quantity, 0);
      const units = lines.reduce((n, l) => n + l.quantity, 0);
      const exchangeSizes = lines.flatMap((l) => (l.exchange_size ? [l.exchange_size] : []));
      return {
        note: null,
        summary: `inspected: ${restocked} of ${units} back to stock`,
        email: { step: 'inspected', extra: exchangeSizes.length > 0 ? { exchangeSizes } : {} },
      };
    },
    now,
  );
}

/**
 * Sends another size of the same colour instead of a refund: the new size's pieces are taken
 * from stock (409 when short), and the shopper told.
 */
export async function exchangeReturn(db: Db, staffId: string, id: string, now = new Date()): Promise<StaffReturnData> {
  return step(
    db,
    staffId,
    id,
    'exchange',
    async (trx, row) => {
      const lines = await repo.findLines(trx, [row.id]);
      const orderLines = await repo.findOrderLines(trx, row.order_id);
      await moveStock(
        trx,
        lines.map((l) => {
          const line = orderLines.find((o) => o.position === l.position)!;
          return {
            productId: line.product_id,
            color: line.color ?? '',
            size: l.exchange_size ?? line.size,
            delta: l.quantity,
            name: line.name,
          };
        }),
      );
      const sizes = lines.map((l) => l.exchange_size ?? '');
      return {
        note: `Sizes ${sizes.join(', ')}`,
        summary: `exchanged for size ${sizes.join(', ')}`,
        email: { step: 'exchanged', extra: { exchangeSizes: sizes } },
      };
    },
    now,
  );
}

// ---------------------------------------------------------------- dashboard

/** Return rate by reason: returns asked of the orders delivered in the last `days` days. */
export async function returnStats(db: Db, days: number, now = new Date()): Promise<ReturnStatsData> {
  const since = new Date(now.getTime() - days * 24 * HOUR_MS).toISOString();
  const counts = await repo.returnCountsSince(db, since);
  return {
    days,
    delivered: counts.delivered,
    reasons: returnReasons.map((reason) => {
      const returns = counts.reasons.find((r) => r.reason === reason)?.n ?? 0;
      return {
        reason,
        returns,
        ratePercent: counts.delivered === 0 ? null : Math.round((returns * 1000) / counts.delivered) / 10,
      };
    }),
  };
}

/** Whether any return of the order has been refunded, or is being: a refund of the whole order would pay those items twice. */
export async function hasReturnRefunds(db: Db, orderId: string): Promise<boolean> {
  return (await repo.findReturnsOfOrder(db, orderId)).some((r) => r.refund_key !== null);
}

/** A return's credit note as PDF: the shopper's own (404 for anyone else's), or any for staff. */
export async function returnCreditNote(db: Db, id: string, userId: string | null) {
  const row = await repo.findReturn(db, id);
  if (!row || (userId !== null && row.user_id !== userId)) throw returnNotFound();
  return returnCreditNotePdf(db, id);
}
