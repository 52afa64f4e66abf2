/**
 * /admin/products: search, status filter and page live in the URL; stock is edited in place
 * across rows (and pages) and saved in one request.
 */
import type { AdminProductRow } from '@shop/core';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { focusOutlineClass, FormAlert } from '../../../components/form-field.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { AdminPageHeader, EmptyState, ErrorState, LoadingState } from '../shared/admin-page.tsx';
import { notifyFailure, notifySuccess } from '../shared/notify.ts';
import { Pagination } from '../../../components/pagination.tsx';
import { asResource } from '../shared/use-resource.ts';
import {
  useListAdminProductsQuery,
  useSaveStockChangesMutation,
  useSetProductVisibilityMutation,
  type AdminProductStatus,
} from './api.ts';
import { readListState, writeListState, type ProductListState } from './list-state.ts';
import { issuesOf } from '../shared/form-support.ts';
import { CheckboxLabel } from '../shared/form-controls.tsx';
import { ProductTable } from './product-table.tsx';
import {
  stockChangesFrom,
  stockErrorsFor,
  stockKey,
  wholeList,
  withStockEdit,
  type StockEdit,
  type StockEdits,
} from './stock-edits.ts';
import { usePendingIds } from '../shared/use-pending-ids.ts';

/** Rows per page. */
export const PRODUCTS_PER_PAGE = 20;

const statusLabels: Record<AdminProductStatus, string> = { all: 'All', active: 'Active', hidden: 'Hidden' };

const changesText = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`;

/**
 * The list's state as its address holds it, and the way to change it. A change shows at once,
 * ahead of the address: the router moves to a new address in a transition, which may land a
 * moment later (the staff pages sit under routes of their own, where a navigation cannot ask to
 * be drawn at once). Meanwhile a checkbox bound to the address was put back unticked by React,
 * and a second change built on the address the page opened on, writing the first one away.
 * What was asked is kept until the address moves on (to it, or elsewhere: Back).
 */
function useListState(): [ProductListState, (changes: Partial<ProductListState>, replace?: boolean) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const address = searchParams.toString();
  const [asked, setAsked] = useState<{ from: string; state: ProductListState } | null>(null);
  if (asked !== null && asked.from !== address) setAsked(null);
  const state = asked?.from === address ? asked.state : readListState(searchParams);

  function navigate(changes: Partial<ProductListState>, replace = false) {
    const next = { ...state, ...changes };
    setAsked({ from: address, state: next });
    setSearchParams(writeListState(next), { replace });
  }
  return [state, navigate];
}

/** Staff products: searchable, paginated table with bulk stock edit. */
export function AdminProductsPage() {
  const [saveStockChanges] = useSaveStockChangesMutation();
  const [setProductVisibility] = useSetProductVisibilityMutation();
  const [state, navigate] = useListState();
  const query = {
    q: state.q || undefined,
    status: state.status,
    ...(state.needsColorStock && { needsColorStock: true }),
    ...(state.needsDeclarations && { needsDeclarations: true }),
    page: state.page,
    limit: PRODUCTS_PER_PAGE,
  };
  const list = asResource(useListAdminProductsQuery(query), { keepPreviousData: true });

  const [edits, setEdits] = useState<StockEdits>({});
  const [stockErrors, setStockErrors] = useState<Readonly<Record<string, string>>>({});
  const [savingStock, setSavingStock] = useState(false);
  const { pending, track } = usePendingIds();
  const editCount = Object.keys(edits).length;

  function changeStock(edit: StockEdit) {
    setEdits((current) => withStockEdit(current, edit));
    // The message for a size goes once it is typed again; the others stay until the next save.
    setStockErrors(({ [stockKey(edit.productId, edit.size)]: _typed, [wholeList]: _all, ...rest }) => rest);
  }

  function discardStock() {
    setEdits({});
    setStockErrors({});
  }

  function showStockErrors(errors: Readonly<Record<string, string>>) {
    flushSync(() => setStockErrors(errors));
    document.querySelector<HTMLInputElement>('input[aria-invalid="true"][id^="stock-"]')?.focus();
  }

  async function saveStock() {
    const result = stockChangesFrom(edits);
    if (!result.ok) {
      showStockErrors(result.errors);
      return;
    }
    setSavingStock(true);
    try {
      await saveStockChanges(result.body).unwrap();
      setEdits({});
      setStockErrors({});
      notifySuccess('Stock updated');
    } catch (error) {
      const issues = issuesOf(error);
      if (issues.length > 0) showStockErrors(stockErrorsFor(issues, edits));
      notifyFailure(error);
    } finally {
      setSavingStock(false);
    }
  }

  function toggleVisibility(row: AdminProductRow) {
    return track(row._id, async () => {
      try {
        await setProductVisibility({ id: row._id, isActive: !row.isActive }).unwrap();
        notifySuccess(row.isActive ? `${row.name} is hidden from the shop` : `${row.name} is back in the shop`);
      } catch (error) {
        notifyFailure(error);
      }
    });
  }

  const invalidCount = Object.keys(stockErrors).filter((key) => key !== wholeList).length;
  const stockMessage =
    stockErrors[wholeList] ??
    (invalidCount > 0 ? `Fix the ${invalidCount === 1 ? 'marked stock value' : 'marked stock values'} to save.` : null);

  const page = list.data;
  const filtered = state.q || state.status !== 'all' || state.needsColorStock || state.needsDeclarations;
  return (
    <div className={editCount > 0 ? 'pb-28' : undefined}>
      <AdminPageHeader
        title="Products"
        description={page ? `${page.total} ${page.total === 1 ? 'product' : 'products'}` : undefined}
        actions={
          <>
            <Link to="/admin/products/csv" className={buttonClass('ghost', 'sm', 'border border-line')}>
              Import / export CSV
            </Link>
            <Link to="/admin/products/new" className={buttonClass('primary', 'sm')}>
              New product
            </Link>
          </>
        }
      />

      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1 sm:max-w-md">
          <SearchBox
            id="admin-product-search"
            value={state.q}
            onSearch={(q, { replace }) => navigate({ q: q.trim(), page: 1 }, replace)}
          />
        </div>
        <div>
          <label htmlFor="admin-product-status" className="mb-1.5 block text-sm font-medium">
            Status
          </label>
          <select
            id="admin-product-status"
            value={state.status}
            onChange={(event) => navigate({ status: event.target.value as AdminProductStatus, page: 1 })}
            className={`h-12 w-full rounded-full border border-line bg-white px-4 text-base ${focusOutlineClass} sm:w-40 sm:text-sm`}
          >
            {Object.entries(statusLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {/* The height of the search box and status beside them. */}
        <div className="flex min-h-12 flex-wrap items-center gap-x-5">
          <CheckboxLabel
            label="Colours without stock"
            checked={state.needsColorStock}
            onChange={(needsColorStock) => navigate({ needsColorStock, page: 1 })}
          />
          <CheckboxLabel
            label="Declarations missing"
            checked={state.needsDeclarations}
            onChange={(needsDeclarations) => navigate({ needsDeclarations, page: 1 })}
          />
        </div>
      </div>

      <section aria-label="Product list" aria-busy={list.loading}>
        {list.error ? (
          <ErrorState message={list.error.message} onRetry={list.reload} retrying={list.loading} />
        ) : !page ? (
          <LoadingState label="Loading products…" />
        ) : page.products.length === 0 ? (
          <EmptyState title={filtered ? 'No products match.' : 'No products yet.'}>{emptyHelp(state)}</EmptyState>
        ) : (
          <ProductTable
            rows={page.products}
            edits={edits}
            stockErrors={stockErrors}
            onStockChange={changeStock}
            onToggleVisibility={toggleVisibility}
            busyIds={pending}
          />
        )}
        {page && (
          <Pagination page={state.page} totalPages={page.totalPages} onPageChange={(p) => navigate({ page: p })} />
        )}
      </section>

      {editCount > 0 && (
        <div
          role="region"
          aria-label="Unsaved stock changes"
          className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(0,0,0,0.06)] backdrop-blur"
        >
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <div className="min-w-0">
              <p className="text-sm text-muted" aria-live="polite">
                {changesText(editCount)} to stock not saved yet
              </p>
              <FormAlert message={stockMessage} />
            </div>
            <div className="flex w-full gap-2 sm:w-auto">
              <button
                type="button"
                className={buttonClass('secondary', 'sm', 'flex-1 px-3 whitespace-nowrap sm:flex-none')}
                onClick={discardStock}
                disabled={savingStock}
              >
                Discard changes
              </button>
              <button
                type="button"
                className={buttonClass('primary', 'sm', 'flex-1 px-3 whitespace-nowrap sm:flex-none')}
                onClick={saveStock}
                disabled={savingStock}
              >
                {savingStock ? 'Saving…' : `Save stock (${changesText(editCount)})`}
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

/** What an empty list means, for the filters that emptied it. */
function emptyHelp(state: ProductListState): string {
  if (state.q || state.status !== 'all') return 'Try another search or status.';
  if (state.needsColorStock && state.needsDeclarations) return 'No product lacks both stock and declarations.';
  if (state.needsColorStock) return 'Every colour of every product has stock.';
  if (state.needsDeclarations) return 'Every product carries all its declarations.';
  return 'Add the first with "New product".';
}
