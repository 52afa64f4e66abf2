import { serializeServiceableCsv, type ServiceableRangeData, type ShopSettingsData } from '@shop/core';
import { useRef, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../../lib/store/hooks.ts';
import { refreshStoreInfo } from '../../../lib/api/store-info.ts';
import { buttonClass } from '../../../components/button.ts';
import { FormField } from '../../../components/form-field.tsx';
import { AuditTrail } from '../shared/audit-trail.tsx';
import { ColumnHeads, type Column } from '../shared/column-heads.tsx';
import { AdminPageHeader, AdminSection, EmptyState, ResourceView } from '../shared/admin-page.tsx';
import { failureText, issuesIn, notifyFailure, notifySuccess } from '../shared/notify.ts';
import { readText } from '../shared/read-file.ts';
import { useFormChange } from '../shared/use-form-change.ts';
import { asResource } from '../shared/use-resource.ts';
import {
  useAddRangeMutation,
  useDeleteRangeMutation,
  useGetSettingsQuery,
  useImportRangesMutation,
  useListRangesQuery,
  useSaveSettingsMutation,
  useSetRangeCodMutation,
} from './api.ts';

/**
 * /admin/delivery: the settings shipping, tax and cash on delivery follow (free-shipping
 * threshold, whether prices include GST, COD limits) and the PIN codes the shop delivers to, with their CSV export and import.
 */
export function AdminDeliveryPage() {
  const settings = asResource(useGetSettingsQuery());
  // A settings change shows in the history that comes with the ranges: the change invalidates both.
  const ranges = asResource(useListRangesQuery());
  const dispatch = useAppDispatch();
  // The banner and every text of this visit follow the new settings at once.
  const settingsSaved = () => void dispatch(refreshStoreInfo());
  return (
    <>
      <AdminPageHeader
        title="Delivery"
        description="Where the shop delivers, where it takes cash on delivery, what shipping costs, and whether prices include GST."
      />
      <div className="space-y-6">
        <AdminSection title="Shipping, tax and cash on delivery">
          <ResourceView resource={settings} label="Loading the settings…">
            {(data) => <SettingsForm key={JSON.stringify(data)} settings={data} onSaved={settingsSaved} />}
          </ResourceView>
        </AdminSection>
        <AdminSection title="PIN codes">
          <ResourceView resource={ranges} label="Loading PIN codes…">
            {(data) => <Ranges ranges={data.ranges} />}
          </ResourceView>
        </AdminSection>
        {ranges.data && (
          <AuditTrail entries={ranges.data.audit} className="rounded-2xl border border-line bg-white p-4 sm:p-6" />
        )}
      </div>
    </>
  );
}

/** Why the form's change was refused, under the form. */
function FormError({ message }: { message: string | null }) {
  return (
    message && (
      <p role="alert" className="text-sm font-medium text-sale">
        {message}
      </p>
    )
  );
}

/** The settings that are on or off, each a checkbox. */
type SwitchName = 'allowSizeExchanges' | 'pricesIncludeGst';

/** The settings typed as numbers. */
type SettingName = Exclude<keyof ShopSettingsData, SwitchName>;

/** The settings' inputs; "free shipping from" may be left empty (no threshold: a flat fee). */
const settingFields: {
  name: SettingName;
  label: string;
  inputMode: 'decimal' | 'numeric';
  hint: string;
  optional?: boolean;
}[] = [
  {
    name: 'freeShippingThreshold',
    label: 'Free shipping from (₹)',
    inputMode: 'decimal',
    hint: 'Items after discounts. Leave empty for a flat fee on every order.',
    optional: true,
  },
  {
    name: 'codMaxOrderValue',
    label: 'Cash on delivery up to (₹)',
    inputMode: 'decimal',
    hint: 'Larger orders are paid online.',
  },
  {
    name: 'codMaxOpenOrders',
    label: 'Open COD orders per shopper',
    inputMode: 'numeric',
    hint: 'Placed, confirmed or shipped, not yet delivered.',
  },
  {
    name: 'lowStockThreshold',
    label: 'Low stock at (pieces)',
    inputMode: 'numeric',
    hint: 'Staff hear once when a variant falls to it, and shoppers see “Only N left” at or below it; a product may set its own.',
  },
  {
    name: 'codConfirmHours',
    label: 'Cancel unconfirmed COD orders after (hours)',
    inputMode: 'numeric',
    hint: 'Until confirmed (the email’s link, or you after a call) they do not ship. Leave empty: off.',
    optional: true,
  },
  {
    name: 'returnWindowDays',
    label: 'Returns within (days of delivery)',
    inputMode: 'numeric',
    hint: 'The Return and Refund Policy says this window; My Orders offers “Return items” until it ends.',
  },
];

/** The switches, each with what it changes. */
const settingSwitches: { name: SwitchName; label: string; hint: string }[] = [
  {
    name: 'allowSizeExchanges',
    label: 'Allow size exchanges',
    hint: 'A return may ask for another size of the same colour instead of a refund; the policy then says so.',
  },
  {
    name: 'pricesIncludeGst',
    label: 'Prices include GST',
    hint: 'Product prices are what the shopper pays (“Inclusive of all taxes”); the order summary and invoice show the GST they contain. Off: GST is added at checkout. Prices are not changed, and orders placed keep theirs.',
  },
];

const settingText = (value: number | null) => (value === null ? '' : String(value));

/**
 * The switches staff turned on this page, and only those: left out, a switch stays as the server
 * has it. A page opened before someone else turned prices including GST on (another tab,
 * another member of staff) would otherwise turn them off again with any other change, and
 * every cart's total with them.
 */
function changedSwitches(
  loaded: ShopSettingsData,
  switches: Record<SwitchName, boolean>,
): Partial<Record<SwitchName, boolean>> {
  return Object.fromEntries(Object.entries(switches).filter(([name, on]) => loaded[name as SwitchName] !== on));
}

function SettingsForm({ settings, onSaved }: { settings: ShopSettingsData; onSaved: () => void }) {
  const [saveSettings] = useSaveSettingsMutation();
  const [form, setForm] = useState(() => ({
    freeShippingThreshold: settingText(settings.freeShippingThreshold),
    codMaxOrderValue: settingText(settings.codMaxOrderValue),
    codMaxOpenOrders: settingText(settings.codMaxOpenOrders),
    lowStockThreshold: settingText(settings.lowStockThreshold),
    codConfirmHours: settingText(settings.codConfirmHours),
    returnWindowDays: settingText(settings.returnWindowDays),
  }));
  const [switches, setSwitches] = useState<Record<SwitchName, boolean>>(() => ({
    allowSizeExchanges: settings.allowSizeExchanges,
    pricesIncludeGst: settings.pricesIncludeGst,
  }));
  const { saving, error, send } = useFormChange();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const saved = await send(() =>
      saveSettings({
        freeShippingThreshold: form.freeShippingThreshold.trim() === '' ? null : Number(form.freeShippingThreshold),
        codMaxOrderValue: Number(form.codMaxOrderValue),
        codMaxOpenOrders: Number(form.codMaxOpenOrders),
        lowStockThreshold: Number(form.lowStockThreshold),
        codConfirmHours: form.codConfirmHours.trim() === '' ? null : Number(form.codConfirmHours),
        returnWindowDays: Number(form.returnWindowDays),
        ...changedSwitches(settings, switches),
      }).unwrap(),
    );
    if (!saved) return;
    notifySuccess('Settings saved');
    onSaved();
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      <div className="grid gap-5 md:grid-cols-2 xl:grid-cols-4">
        {settingFields.map(({ name, ...field }) => (
          <FormField
            key={name}
            {...field}
            value={form[name]}
            onChange={(event) => setForm((current) => ({ ...current, [name]: event.target.value }))}
          />
        ))}
      </div>
      {settingSwitches.map(({ name, label, hint }) => (
        <label key={name} className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-ink"
            checked={switches[name]}
            onChange={(event) => setSwitches((current) => ({ ...current, [name]: event.target.checked }))}
          />
          <span>
            <span className="font-medium text-ink">{label}</span>
            <span className="block text-muted">{hint}</span>
          </span>
        </label>
      ))}
      <FormError message={error} />
      <button type="submit" className={buttonClass('primary', 'md')} disabled={saving}>
        {saving ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}

/** Downloads the ranges as the CSV the import reads (the server's own format, from core). */
function downloadCsv(ranges: readonly ServiceableRangeData[]) {
  const url = URL.createObjectURL(new Blob([serializeServiceableCsv(ranges)], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'serviceable-pin-codes.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const rangeColumns: Column[] = [
  { label: 'PIN codes', className: 'pr-3' },
  { label: 'Cash on delivery', className: 'pr-3' },
  { label: 'Actions', srOnly: true },
];

/** The ranges; each change invalidates them, so they (and the history) load again. */
function Ranges({ ranges }: { ranges: ServiceableRangeData[] }) {
  const [setRangeCod] = useSetRangeCodMutation();
  const [deleteRange] = useDeleteRangeMutation();
  const [importRanges] = useImportRangesMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [importErrors, setImportErrors] = useState<string[]>([]);

  async function change(id: string, run: () => Promise<unknown>, done: string) {
    setBusy(id);
    try {
      await run();
      notifySuccess(done);
    } catch (failure) {
      notifyFailure(failure);
    } finally {
      setBusy(null);
    }
  }

  async function importFile(file: File) {
    setImportErrors([]);
    setBusy('import');
    try {
      const { imported } = await importRanges(await readText(file)).unwrap();
      notifySuccess(`Imported ${imported} PIN code ranges`);
    } catch (failure) {
      const issues = issuesIn(failure);
      const lines =
        issues.length > 0
          ? issues.map((issue) => `${issue.path.replace(/^line/, 'Line')}: ${issue.message}`)
          : [failureText(failure)];
      setImportErrors(lines);
    } finally {
      setBusy(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <div className="space-y-6">
      <AddRangeForm />
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => downloadCsv(ranges)}>
          Export CSV
        </button>
        <label className={buttonClass('secondary', 'sm', 'cursor-pointer')}>
          {busy === 'import' ? 'Importing…' : 'Import CSV'}
          <input
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            disabled={busy === 'import'}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void importFile(file);
            }}
          />
        </label>
        <span className="text-xs text-muted">An import replaces every range. Columns: from,to,cod (yes/no).</span>
      </div>
      {importErrors.length > 0 && (
        <div role="alert" className="rounded-xl border border-sale/20 bg-sale/5 p-4 text-sm text-sale">
          <p className="font-medium">The file was not imported; nothing changed.</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {importErrors.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {ranges.length === 0 ? (
        <EmptyState title="The shop delivers nowhere.">Add a range or import a CSV file.</EmptyState>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-line text-left text-xs tracking-wide text-muted uppercase">
              <ColumnHeads columns={rangeColumns} className="py-2 font-medium" />
            </tr>
          </thead>
          <tbody>
            {ranges.map((range) => {
              const name = range.from === range.to ? range.from : `${range.from} – ${range.to}`;
              return (
                <tr key={range._id} className="border-b border-line last:border-0">
                  <td className="py-3 pr-3 font-mono tabular-nums">{name}</td>
                  <td className="py-3 pr-3">
                    <label className="inline-flex cursor-pointer items-center gap-2">
                      <input
                        type="checkbox"
                        checked={range.cod}
                        disabled={busy === range._id}
                        aria-label={`Cash on delivery for ${name}`}
                        className="h-5 w-5 rounded border-line accent-ink"
                        onChange={(event) =>
                          void change(
                            range._id,
                            () => setRangeCod({ id: range._id, cod: event.target.checked }).unwrap(),
                            `Cash on delivery ${event.target.checked ? 'on' : 'off'} for ${name}`,
                          )
                        }
                      />
                      <span className={range.cod ? 'text-success' : 'text-muted'}>{range.cod ? 'Yes' : 'No'}</span>
                    </label>
                  </td>
                  <td className="py-3 text-right">
                    <button
                      type="button"
                      className="rounded-sm text-sm text-muted underline-offset-4 hover:text-sale hover:underline"
                      disabled={busy === range._id}
                      aria-label={`Delete ${name}`}
                      onClick={() => void change(range._id, () => deleteRange(range._id).unwrap(), `${name} removed`)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}

function AddRangeForm() {
  const [addRange] = useAddRangeMutation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [cod, setCod] = useState(true);
  const { saving: adding, error, send } = useFormChange();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const added = await send(() => addRange({ from: from.trim(), to: to.trim(), cod }).unwrap());
    if (!added) return;
    notifySuccess('PIN codes added');
    setFrom('');
    setTo('');
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Add PIN codes" className="space-y-3">
      <div className="grid items-end gap-4 sm:grid-cols-[1fr_1fr_auto_auto]">
        <FormField
          label="From PIN code"
          inputMode="numeric"
          maxLength={6}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <FormField
          label="To PIN code"
          optional
          inputMode="numeric"
          maxLength={6}
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <label className="flex h-12 cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={cod}
            onChange={(e) => setCod(e.target.checked)}
            className="h-5 w-5 rounded border-line accent-ink"
          />
          Cash on delivery
        </label>
        <button type="submit" className={buttonClass('primary', 'md', 'h-12')} disabled={adding}>
          {adding ? 'Adding…' : 'Add'}
        </button>
      </div>
      <p className="text-xs text-muted">
        A single code (leave "To" empty) or a narrower range overrides the wider range around it.
      </p>
      <FormError message={error} />
    </form>
  );
}
