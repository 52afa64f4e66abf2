/**
 * Bulk stock editing on the products list: the sizes whose stock staff changed, kept by
 * product and size (so edits survive paging and reloads), and the one request that saves them.
 */
import { stockChangesBody, type StockChangesBody } from '@shop/core';
import { fieldErrorsFrom, issuesFromSchema, type FieldErrors, type FieldIssue } from '../shared/form-support.ts';

export interface StockEdit {
  productId: string;
  size: string;
  /** The stock the list showed when editing began. */
  original: number;
  /** As typed. */
  text: string;
}

export type StockEdits = Readonly<Record<string, StockEdit>>;

export function stockKey(productId: string, size: string): string {
  return `${productId}/${size}`;
}

/** Records a typed value; typing the original value back makes the size clean again. */
export function withStockEdit(edits: StockEdits, edit: StockEdit): StockEdits {
  const key = stockKey(edit.productId, edit.size);
  const { [key]: _previous, ...rest } = edits;
  const unchanged = edit.text.trim() !== '' && Number(edit.text) === edit.original;
  return unchanged ? rest : { ...rest, [key]: edit };
}

/** The key of a message about all the edits together. */
export const wholeList = '*';

export type StockChangesResult = { ok: true; body: StockChangesBody } | { ok: false; errors: FieldErrors };

/**
 * The request for all edits (in the order of `Object.values(edits)`, which the messages
 * rely on), or each invalid edit's message by its key, by the server's own rules.
 */
export function stockChangesFrom(edits: StockEdits): StockChangesResult {
  const parsed = stockChangesBody.safeParse({
    changes: Object.values(edits).map((edit) => ({
      productId: edit.productId,
      size: edit.size,
      // Blank is no number at all, not 0.
      stock: edit.text.trim() === '' ? Number.NaN : Number(edit.text),
    })),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, errors: stockErrorsFor(issuesFromSchema(parsed.error.issues), edits) };
}

/** Issues about a sent list (`changes.3.stock`), ours or the server's, as messages by edit key. */
export function stockErrorsFor(issues: readonly FieldIssue[], edits: StockEdits): FieldErrors {
  const byPath = fieldErrorsFrom(issues, { 'changes.*.stock': 'Stock', 'changes.*.size': 'Size', changes: 'Changes' });
  const errors: Record<string, string> = {};
  Object.values(edits).forEach((edit, index) => {
    const message = byPath[`changes.${index}.stock`] ?? byPath[`changes.${index}.size`];
    if (message) errors[stockKey(edit.productId, edit.size)] = message;
  });
  // A refusal of the list as a whole (e.g. too many sizes at once) belongs to no one size.
  const first = Object.values(byPath)[0];
  if (Object.keys(errors).length === 0 && first) errors[wholeList] = first;
  return errors;
}
