import {
  shipmentStatusLabels,
  type CourierSettingData,
  type DeliveryProblemData,
  type ShipmentImportData,
  type ShipmentSettingsData,
} from '@shop/core';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { FormField } from '../../../components/form-field.tsx';
import { AdminPageHeader, AdminSection, EmptyState, ResourceView } from '../shared/admin-page.tsx';
import { ColumnHeads, type Column } from '../shared/column-heads.tsx';
import { smallControlClass } from '../shared/form-controls.tsx';
import { notifyFailure, notifySuccess } from '../shared/notify.ts';
import { readText } from '../shared/read-file.ts';
import { useFormChange } from '../shared/use-form-change.ts';
import { asResource } from '../shared/use-resource.ts';
import {
  useGetCouriersQuery,
  useGetDeliveryProblemsQuery,
  useGetReturnsByPinQuery,
  useGetShipmentSettingsQuery,
  useImportShipmentStatusesMutation,
  useSaveShipmentSettingsMutation,
  useSetCourierTemplateMutation,
  type PinReturns,
} from './api.ts';

const headClass = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase';
const cellClass = 'px-3 py-3 align-top';

/**
 * /admin/shipments: parcels whose delivery failed or that are coming back (the longest waiting
 * first), the courier's CSV of AWB statuses, tracking links, delivery attempts and the
 * return-to-origin rule for cash on delivery, and the returns counted per PIN code.
 */
export function AdminShipmentsPage() {
  const problems = asResource(useGetDeliveryProblemsQuery());
  const couriers = asResource(useGetCouriersQuery());
  const settings = asResource(useGetShipmentSettingsQuery());
  const returns = asResource(useGetReturnsByPinQuery());
  return (
    <>
      <AdminPageHeader
        title="Shipments"
        description="Delivery problems, courier updates, tracking links and returns to origin."
      />
      <div className="space-y-6">
        <AdminSection title="Delivery problems">
          <ResourceView resource={problems} label="Loading delivery problems…">
            {(data) => <ProblemQueue problems={data} />}
          </ResourceView>
        </AdminSection>
        <AdminSection title="Courier updates (CSV)">
          <StatusImport />
        </AdminSection>
        <AdminSection title="Delivery attempts and cash on delivery">
          <ResourceView resource={settings} label="Loading the settings…">
            {(data) => <SettingsForm key={JSON.stringify(data)} settings={data} />}
          </ResourceView>
        </AdminSection>
        <AdminSection title="Tracking links">
          <ResourceView resource={couriers} label="Loading couriers…">
            {(data) => <CourierLinks couriers={data} />}
          </ResourceView>
        </AdminSection>
        <AdminSection title="Returns to origin by PIN code">
          <ResourceView resource={returns} label="Loading returns…">
            {(data) => <ReturnsTable pins={data} />}
          </ResourceView>
        </AdminSection>
      </div>
    </>
  );
}

const problemColumns: Column[] = [
  'Order',
  'Customer',
  'Parcel',
  'Problem',
  { label: 'Waiting', className: 'text-right' },
];

const ageText = (hours: number) => (hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`);

function ProblemQueue({ problems }: { problems: DeliveryProblemData[] }) {
  if (problems.length === 0) {
    return <EmptyState title="No delivery problems.">Failed attempts and parcels coming back show here.</EmptyState>;
  }
  return (
    <Table label="Delivery problems" columns={problemColumns}>
      {problems.map((problem) => (
        <tr key={problem.shipment._id} className="border-b border-line last:border-0">
          <td className={cellClass}>
            <Link
              to={`/admin/orders/${encodeURIComponent(problem.shipment.orderId)}`}
              className="font-mono font-medium text-accent hover:underline"
            >
              {problem.orderNumber}
            </Link>
          </td>
          <td className={cellClass}>
            <span className="block">{problem.customerName}</span>
            <span className="block text-muted">
              {problem.phone} · PIN {problem.pinCode}
            </span>
            {problem.shipment.reattempt && (
              <span className="mt-1 block font-medium text-accent">
                Asked for another attempt
                {problem.shipment.reattempt.phone ? ` · call ${problem.shipment.reattempt.phone}` : ''}
              </span>
            )}
          </td>
          <td className={cellClass}>
            <span className="block">{problem.shipment.courierName}</span>
            <span className="block font-mono text-xs">{problem.shipment.awb}</span>
          </td>
          <td className={cellClass}>
            <span className="block font-medium">{shipmentStatusLabels[problem.shipment.status]}</span>
            <span className="block text-muted">
              {problem.shipment.failedAttempts} failed {problem.shipment.failedAttempts === 1 ? 'attempt' : 'attempts'}
              {problem.reason ? ` · ${problem.reason}` : ''}
            </span>
          </td>
          <td className={`${cellClass} text-right tabular-nums`}>{ageText(problem.ageHours)}</td>
        </tr>
      ))}
    </Table>
  );
}

/** A staff table: its name for screen readers, its column heads, its rows. */
function Table({ label, columns, children }: { label: string; columns: readonly Column[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label={label}>
        <thead>
          <tr className="border-b border-line">
            <ColumnHeads columns={columns} className={headClass} />
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The courier's (or aggregator's) export of AWB statuses: applied line by line, bad lines listed. */
function StatusImport() {
  const [importStatuses] = useImportShipmentStatusesMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ShipmentImportData | null>(null);

  async function importFile(file: File) {
    setBusy(true);
    setResult(null);
    try {
      const answer = await importStatuses(await readText(file)).unwrap();
      setResult(answer);
      notifySuccess(`Applied ${answer.applied} ${answer.applied === 1 ? 'update' : 'updates'}`);
    } catch (failure) {
      notifyFailure(failure);
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <div className="space-y-3 text-sm">
      <p className="text-muted">
        Columns <code>awb</code>, <code>status</code> and <code>time</code> (India’s time unless it names another), and
        optionally <code>reason</code>, <code>location</code> and <code>event_id</code>. The same file uploaded again
        changes nothing.
      </p>
      <label className={buttonClass('secondary', 'sm', 'cursor-pointer')}>
        {busy ? 'Uploading…' : 'Upload CSV'}
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void importFile(file);
          }}
        />
      </label>
      {result && (
        <div role="status" className="rounded-xl border border-line p-3">
          <p>
            {result.applied} applied, {result.duplicates} already known, {result.errors.length} not applied.
          </p>
          {result.errors.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sale" aria-label="Lines not applied">
              {result.errors.map((error) => (
                <li key={`${error.line}-${error.message}`}>
                  Line {error.line}: {error.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function SettingsForm({ settings }: { settings: ShipmentSettingsData }) {
  const [saveSettings] = useSaveShipmentSettingsMutation();
  const [form, setForm] = useState({
    maxDeliveryAttempts: String(settings.maxDeliveryAttempts),
    rtoCodThresholdPercent: settings.rtoCodThresholdPercent === null ? '' : String(settings.rtoCodThresholdPercent),
    rtoCodMinOrders: String(settings.rtoCodMinOrders),
  });
  const { saving, error, send } = useFormChange();
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [name]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await send(() =>
      saveSettings({
        maxDeliveryAttempts: Number(form.maxDeliveryAttempts),
        rtoCodThresholdPercent: form.rtoCodThresholdPercent.trim() === '' ? null : Number(form.rtoCodThresholdPercent),
        rtoCodMinOrders: Number(form.rtoCodMinOrders),
      }).unwrap(),
    );
    if (saved) notifySuccess('Settings saved');
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <div className="grid gap-5 md:grid-cols-3">
        <FormField
          label="Delivery attempts"
          inputMode="numeric"
          hint="After this many failed attempts the parcel comes back."
          value={form.maxDeliveryAttempts}
          onChange={set('maxDeliveryAttempts')}
        />
        <FormField
          label="No cash on delivery above a return rate of (%)"
          inputMode="numeric"
          optional
          hint="Per PIN code. Leave empty to never turn it off."
          value={form.rtoCodThresholdPercent}
          onChange={set('rtoCodThresholdPercent')}
        />
        <FormField
          label="Judged over at least (parcels)"
          inputMode="numeric"
          hint="Delivered or returned parcels to that PIN code."
          value={form.rtoCodMinOrders}
          onChange={set('rtoCodMinOrders')}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-sale">
          {error}
        </p>
      )}
      <button type="submit" className={buttonClass('primary', 'md')} disabled={saving}>
        {saving ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}

function CourierLinks({ couriers }: { couriers: CourierSettingData[] }) {
  return (
    <ul className="space-y-3" aria-label="Tracking links">
      {couriers.map((courier) => (
        <li key={`${courier.courier}-${courier.trackingUrlTemplate}`}>
          <CourierLink courier={courier} />
        </li>
      ))}
    </ul>
  );
}

function CourierLink({ courier }: { courier: CourierSettingData }) {
  const [setTemplate] = useSetCourierTemplateMutation();
  const [template, setTemplateText] = useState(courier.trackingUrlTemplate);
  const { saving, error, send } = useFormChange();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await send(() =>
      setTemplate({ courier: courier.courier, trackingUrlTemplate: template.trim() }).unwrap(),
    );
    if (saved) notifySuccess(`${courier.name} tracking link saved`);
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-wrap items-start gap-2">
      <label className="w-32 shrink-0 pt-2 text-sm font-medium" htmlFor={`tracking-${courier.courier}`}>
        {courier.name}
      </label>
      <div className="min-w-0 flex-1">
        <input
          id={`tracking-${courier.courier}`}
          className={smallControlClass}
          value={template}
          placeholder="https://…{awb}"
          maxLength={300}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setTemplateText(event.target.value)}
        />
        {error && <p className="mt-1 text-xs font-medium text-sale">{error}</p>}
      </div>
      <button type="submit" className={buttonClass('secondary', 'sm')} disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}

const returnColumns: Column[] = [
  'PIN code',
  { label: 'Parcels', className: 'text-right' },
  { label: 'Returned', className: 'text-right' },
  { label: 'Return rate', className: 'text-right' },
  'Cash on delivery',
];

function ReturnsTable({ pins }: { pins: PinReturns[] }) {
  if (pins.length === 0) return <EmptyState title="No parcels delivered or returned yet." />;
  return (
    <Table label="Returns by PIN code" columns={returnColumns}>
      {pins.map((pin) => (
        <tr key={pin.pinCode} className="border-b border-line last:border-0">
          <td className={`${cellClass} font-mono`}>{pin.pinCode}</td>
          <td className={`${cellClass} text-right tabular-nums`}>{pin.finished}</td>
          <td className={`${cellClass} text-right tabular-nums`}>{pin.returned}</td>
          <td className={`${cellClass} text-right tabular-nums`}>
            {pin.ratePercent === null ? '–' : `${Math.round(pin.ratePercent)}%`}
          </td>
          <td className={cellClass}>{pin.codOff ? 'Off (returns)' : 'As the PIN range says'}</td>
        </tr>
      ))}
    </Table>
  );
}
