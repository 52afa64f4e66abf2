/**
 * /admin/products/csv: the catalogue as a spreadsheet. Export downloads every product, a row
 * per variant; an import is previewed first (what it creates and changes, or every problem
 * with its line; nothing written), and applied with the same file once staff confirm.
 */
import { PRODUCT_CSV_MAX_BYTES, type ProductImportChange, type ProductImportSummary } from '@shop/core';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { FormAlert } from '../../../components/form-field.tsx';
import { useRefusedTokenEndsSession } from '../../../lib/api/refused-token.ts';
import { downloadFile } from '../../../lib/download.ts';
import { AdminPageHeader, AdminSection } from '../shared/admin-page.tsx';
import { failureText, notifyFailure, notifySuccess } from '../shared/notify.ts';
import { useImportProductsMutation, usePreviewProductImportMutation } from './product-csv-api.ts';

const megabytes = PRODUCT_CSV_MAX_BYTES / (1024 * 1024);
const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** The file's text, read as UTF-8 (a byte that is not shows as U+FFFD, which the import names by line). */
function textOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file, 'utf-8');
  });
}

interface ChosenFile {
  name: string;
  csv: string;
}

export function ProductCsvPage() {
  const [previewImport, preview] = usePreviewProductImportMutation();
  const [importProducts, applied] = useImportProductsMutation();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [summary, setSummary] = useState<ProductImportSummary | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const refusedTokenEndsSession = useRefusedTokenEndsSession();

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadFile('/admin/products/export.csv', 'products.csv');
    } catch (error) {
      refusedTokenEndsSession(error);
      notifyFailure(error, 'The export could not be downloaded. Please try again.');
    } finally {
      setExporting(false);
    }
  }

  function reset() {
    setFile(null);
    setSummary(null);
    setProblem(null);
    if (input.current) input.current.value = '';
  }

  async function choose(chosen: File | undefined) {
    reset();
    setDone(null);
    if (!chosen) return;
    if (chosen.size > PRODUCT_CSV_MAX_BYTES) {
      setProblem(`The file is larger than ${megabytes} MB: split it into several imports.`);
      return;
    }
    try {
      const csv = await textOf(chosen);
      setFile({ name: chosen.name, csv });
      setSummary(await previewImport({ csv }).unwrap());
    } catch (error) {
      setProblem(failureText(error, 'Could not check the file.'));
    }
  }

  async function apply() {
    if (!file) return;
    try {
      const result = await importProducts({ csv: file.csv }).unwrap();
      const message = `Imported ${file.name}: ${count(result.created, 'product')} created, ${count(result.updated, 'product')} updated.`;
      reset();
      setDone(message);
      notifySuccess('Products imported');
    } catch (error) {
      // The file changed meaning since the preview (a SKU taken, a category gone): show why.
      setProblem(failureText(error, 'Could not import the file.'));
    }
  }

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Import and export"
        tabTitle="Products CSV"
        description="Products with their variants as a spreadsheet: one row per colour and size."
        actions={
          <Link to="/admin/products" className={buttonClass('ghost', 'sm', 'border border-line')}>
            Back to products
          </Link>
        }
      />

      <AdminSection title="Export">
        <p className="mb-4 text-sm text-muted">
          Every product, hidden ones too, with its handle, category, colour, size, SKU, price, original price, stock,
          tags and description. Change it in a spreadsheet and import it back.
        </p>
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={() => void exportCsv()}
          disabled={exporting}
        >
          {exporting ? 'Preparing…' : 'Download CSV'}
        </button>
      </AdminSection>

      <AdminSection title="Import">
        <p className="mb-4 text-sm text-muted">
          Rows are matched to products by handle: a new handle creates a product, a known one updates it and its
          variants become exactly the file’s rows. Leave a SKU empty to have one made. A stock figure left as exported
          (or left empty) keeps the stock the shop holds when you apply, so pieces sold since the export are not put
          back; a figure you change is set. Up to {megabytes} MB and 20,000 rows; nothing is written until you apply the
          preview.
        </p>
        <label htmlFor="product-csv-file" className="mb-1.5 block text-sm font-medium">
          CSV file
        </label>
        <input
          ref={input}
          id="product-csv-file"
          type="file"
          accept=".csv,text/csv"
          className="block w-full max-w-md text-sm file:mr-3 file:rounded-full file:border file:border-line file:bg-white file:px-4 file:py-2 file:text-sm"
          onChange={(event) => void choose(event.target.files?.[0])}
          disabled={preview.isLoading || applied.isLoading}
        />
        <FormAlert message={problem} className="mt-4" />
        <div role="status" aria-live="polite" className="mt-4 text-sm">
          {preview.isLoading && 'Checking the file…'}
          {done && <p className="font-medium">{done}</p>}
        </div>
        {summary && file && (
          <ImportPreview
            fileName={file.name}
            summary={summary}
            applying={applied.isLoading}
            onApply={() => void apply()}
            onCancel={reset}
          />
        )}
      </AdminSection>
    </div>
  );
}

function ImportPreview({
  fileName,
  summary,
  applying,
  onApply,
  onCancel,
}: {
  fileName: string;
  summary: ProductImportSummary;
  applying: boolean;
  onApply: () => void;
  onCancel: () => void;
}) {
  const nothingToDo = summary.created + summary.updated === 0;
  return (
    <section aria-label="Import preview" className="mt-2 space-y-4">
      <h3 className="font-semibold">Preview of {fileName}</h3>
      {summary.errorCount > 0 ? (
        <>
          <p className="text-sm font-medium text-sale">
            {count(summary.errorCount, 'problem')} found: nothing will be imported. Fix the file and choose it again.
          </p>
          <PreviewTable
            caption="Problems in the file"
            heads={['Line', 'Problem']}
            rows={summary.errors.map((error, i) => ({
              key: String(i),
              cells: [<span className="tabular-nums">{error.line}</span>, error.message],
            }))}
          />
          {summary.errorCount > summary.errors.length && (
            <p className="text-sm text-muted">
              The first {summary.errors.length} are listed; the file has {summary.errorCount}.
            </p>
          )}
        </>
      ) : (
        <>
          <p className="text-sm">
            {count(summary.rows, 'row')}: {count(summary.created, 'product')} to create,{' '}
            {count(summary.updated, 'product')} to update, {count(summary.unchanged, 'product')} unchanged.
          </p>
          {summary.products.length > 0 && (
            <PreviewTable
              caption="Products the import creates or changes"
              heads={['Product', 'Action', 'Variants', 'Changes']}
              rows={summary.products.map((p) => ({
                key: p.handle,
                cells: [
                  <>
                    <span className="font-medium">{p.name}</span>
                    <span className="block text-xs text-muted">
                      {p.handle} · line {p.line}
                    </span>
                  </>,
                  p.action === 'create' ? 'New' : 'Update',
                  <span className="tabular-nums">{p.variants}</span>,
                  p.action === 'create' ? '—' : <ProductChanges product={p} />,
                ],
              }))}
            />
          )}
          {summary.products.length < summary.created + summary.updated && (
            <p className="text-sm text-muted">The first {summary.products.length} products are listed.</p>
          )}
        </>
      )}
      <div className="flex flex-wrap gap-2">
        {summary.errorCount === 0 && !nothingToDo && (
          <button type="button" className={buttonClass('primary', 'sm')} onClick={onApply} disabled={applying}>
            {applying ? 'Importing…' : 'Apply import'}
          </button>
        )}
        <button
          type="button"
          className={buttonClass('ghost', 'sm', 'border border-line')}
          onClick={onCancel}
          disabled={applying}
        >
          {nothingToDo && summary.errorCount === 0 ? 'Nothing to import: close' : 'Cancel'}
        </button>
      </div>
    </section>
  );
}

/** What an import changes of a product, and each row whose stock it sets. */
function ProductChanges({ product }: { product: ProductImportChange }) {
  return (
    <>
      {product.changes.join(', ')}
      {product.stock.length > 0 && (
        <ul aria-label={`Stock set for ${product.name}`} className="mt-1 text-xs text-muted">
          {product.stock.map((s) => (
            <li key={s.line} className="tabular-nums">
              Line {s.line}, {s.variant}: {s.from === null ? `new, ${s.to}` : `${s.from} → ${s.to}`}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A plain table of the preview: a head row, and a row per item, each cell its content. */
function PreviewTable({
  caption,
  heads,
  rows,
}: {
  caption: string;
  heads: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}) {
  const pad = (i: number) => (i < heads.length - 1 ? 'py-2 pr-4' : 'py-2');
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line text-muted">
            {heads.map((head, i) => (
              <th key={head} scope="col" className={`${pad(i)} font-medium`}>
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-line/60 align-top">
              {row.cells.map((cell, i) => (
                <td key={i} className={pad(i)}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
