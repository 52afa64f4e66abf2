import {
  indianStates,
  type CategoryTax,
  type SellerContact,
  type SellerDetailsBody,
  type TaxSettings,
} from '@shop/core';
import { useState, type FormEvent } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { controlClass, Field, smallControlClass } from '../shared/form-controls.tsx';
import { AdminPageHeader, AdminSection, ResourceView } from '../shared/admin-page.tsx';
import { formatDateTime } from '../shared/format.ts';
import { issuesIn, notifyFailure, notifySuccess } from '../shared/notify.ts';
import { asResource } from '../shared/use-resource.ts';
import {
  useGetSellerContactQuery,
  useGetTaxSettingsQuery,
  useSaveCategoryTaxMutation,
  useSaveSellerContactMutation,
  useSaveSellerMutation,
} from './api.ts';

/**
 * "Tax & invoices": the seller every tax invoice names (legal name, address, state, GSTIN and
 * the number series), and each category's HSN code and GST rate. Documents already issued
 * keep what they printed; changes apply to those issued from now on.
 */
export function TaxSettingsPage() {
  const settings = asResource(useGetTaxSettingsQuery());
  const contact = asResource(useGetSellerContactQuery());
  return (
    <>
      <AdminPageHeader
        title="Tax & invoices"
        description="What every GST tax invoice and credit note prints. Changes apply to documents issued from now on."
      />
      <ResourceView resource={settings} label="Loading the tax settings…">
        {(data) => (
          <div className="space-y-4">
            <SellerForm key={data.seller.updatedAt ?? 'demo'} seller={data.seller} />
            <CategoryTaxes categories={data.categories} rates={data.rates} />
          </div>
        )}
      </ResourceView>
      <div className="mt-4">
        <ResourceView resource={contact} label="Loading the seller page…">
          {(data) => <SellerContactForm key={JSON.stringify(data)} contact={data} />}
        </ResourceView>
      </div>
    </>
  );
}

/** A form's save: the server's word on each field, whether it is saving, and the submit handler. */
function useSave(save: () => Promise<unknown>, saved: string) {
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setIssues({});
    try {
      await save();
      notifySuccess(saved);
    } catch (error) {
      setIssues(Object.fromEntries(issuesIn(error).map((i) => [i.path, i.message])));
      notifyFailure(error);
    } finally {
      setSaving(false);
    }
  }
  return { issues, saving, submit };
}

type SellerFields = Required<SellerDetailsBody>;
const sellerFields: { name: keyof SellerFields; label: string; hint?: string; optional?: boolean }[] = [
  { name: 'legalName', label: 'Legal name', hint: 'As registered for GST.' },
  { name: 'addressLine1', label: 'Address line 1' },
  { name: 'addressLine2', label: 'Address line 2', optional: true },
  { name: 'city', label: 'City' },
  { name: 'pinCode', label: 'PIN code' },
];

/** The codes an invoice prints, kept in capitals. */
const codeFields: {
  name: 'gstin' | 'invoicePrefix' | 'creditNotePrefix';
  label: string;
  hint: string;
  maxLength: number;
}[] = [
  { name: 'gstin', label: 'GSTIN', hint: '15 characters, starting with the state code.', maxLength: 15 },
  { name: 'invoicePrefix', label: 'Invoice prefix', hint: 'e.g. KP → KP/26-27/000123', maxLength: 4 },
  { name: 'creditNotePrefix', label: 'Credit note prefix', hint: 'A series of its own, e.g. KPCN', maxLength: 4 },
];

function SellerForm({ seller }: { seller: TaxSettings['seller'] }) {
  const [saveSeller] = useSaveSellerMutation();
  const [form, setForm] = useState<SellerFields>({
    legalName: seller.legalName,
    addressLine1: seller.addressLine1,
    addressLine2: seller.addressLine2,
    city: seller.city,
    pinCode: seller.pinCode,
    stateCode: seller.stateCode,
    gstin: seller.gstin,
    invoicePrefix: seller.invoicePrefix,
    creditNotePrefix: seller.creditNotePrefix,
  });
  const { issues, saving, submit } = useSave(() => saveSeller(form).unwrap(), 'Seller details saved');
  const set = (name: keyof SellerFields, value: string) => setForm((f) => ({ ...f, [name]: value }));

  return (
    <AdminSection title="Seller on every invoice">
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
        {sellerFields.map((field) => (
          <Field
            key={field.name}
            label={field.label}
            hint={field.hint}
            optional={field.optional}
            error={issues[field.name]}
            className={field.name === 'pinCode' || field.name === 'city' ? '' : 'sm:col-span-2'}
          >
            {(control) => (
              <input
                {...control}
                className={controlClass}
                value={form[field.name]}
                onChange={(e) => set(field.name, e.target.value)}
              />
            )}
          </Field>
        ))}
        <Field
          label="State"
          error={issues.stateCode}
          hint="Where the seller is registered: it decides CGST + SGST or IGST."
        >
          {(control) => (
            <select
              {...control}
              className={controlClass}
              value={form.stateCode}
              onChange={(e) => set('stateCode', e.target.value)}
            >
              {indianStates.map((s) => (
                <option key={s.gstCode} value={s.gstCode}>
                  {s.name} ({s.gstCode})
                </option>
              ))}
            </select>
          )}
        </Field>
        {codeFields.map((field) => (
          <Field key={field.name} label={field.label} error={issues[field.name]} hint={field.hint}>
            {(control) => (
              <input
                {...control}
                className={`${controlClass} font-mono uppercase`}
                value={form[field.name]}
                maxLength={field.maxLength}
                onChange={(e) => set(field.name, e.target.value.toUpperCase())}
              />
            )}
          </Field>
        ))}
        <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2">
          <p className="text-xs text-muted">
            {seller.updatedAt
              ? `Last saved ${formatDateTime(seller.updatedAt)}`
              : 'These are the demo shop’s details: set your own before going live.'}
          </p>
          <button type="submit" className={buttonClass('primary', 'sm')} disabled={saving}>
            {saving ? 'Saving…' : 'Save seller details'}
          </button>
        </div>
      </form>
    </AdminSection>
  );
}

function CategoryTaxes({ categories, rates }: { categories: CategoryTax[]; rates: number[] }) {
  return (
    <AdminSection title="GST by category">
      <p className="mb-4 text-sm text-muted">
        Each product is invoiced with its category’s HSN code and taxed at its rate; shipping takes the highest rate in
        the order.
      </p>
      <ul className="divide-y divide-line">
        {categories.map((category) => (
          <CategoryTaxRow
            key={`${category.categoryId}-${category.hsn}-${category.gstRate}`}
            category={category}
            rates={rates}
          />
        ))}
      </ul>
    </AdminSection>
  );
}

function CategoryTaxRow({ category, rates }: { category: CategoryTax; rates: number[] }) {
  const [saveCategoryTax] = useSaveCategoryTaxMutation();
  const [hsn, setHsn] = useState(category.hsn);
  const [rate, setRate] = useState(category.gstRate);
  const [saving, setSaving] = useState(false);
  const changed = hsn !== category.hsn || rate !== category.gstRate;

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await saveCategoryTax({ categoryId: category.categoryId, body: { hsn: hsn.trim(), gstRate: rate } }).unwrap();
      notifySuccess(`${category.name}: HSN ${hsn.trim()}, GST ${rate}%`);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <li>
      <form
        onSubmit={(e) => void save(e)}
        className="grid grid-cols-[7rem_6rem_auto] items-end gap-x-3 gap-y-2 py-3 sm:grid-cols-[minmax(0,1fr)_8rem_7rem_auto]"
      >
        <div className="col-span-3 sm:col-span-1 sm:self-center">
          <p className="text-sm font-medium">{category.name}</p>
          <p className="text-xs text-muted">{category.isDefault ? 'Shop default' : 'Set by staff'}</p>
        </div>
        <label className="text-xs text-muted">
          HSN code
          <input
            className={`${smallControlClass} mt-1 font-mono`}
            value={hsn}
            inputMode="numeric"
            maxLength={8}
            onChange={(e) => setHsn(e.target.value)}
            aria-label={`HSN code for ${category.name}`}
          />
        </label>
        <label className="text-xs text-muted">
          GST rate
          <select
            className={`${smallControlClass} mt-1`}
            value={rate}
            onChange={(e) => setRate(Number(e.target.value))}
            aria-label={`GST rate for ${category.name}`}
          >
            {rates.map((r) => (
              <option key={r} value={r}>
                {r}%
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className={buttonClass('secondary', 'sm', 'justify-self-start')}
          disabled={!changed || saving}
        >
          {saving ? 'Saving…' : 'Save'}
        </button>
      </form>
    </li>
  );
}

type ContactFields = {
  operatingAddress: string;
  contactEmail: string;
  contactPhone: string;
  officerName: string;
  officerDesignation: string;
  officerEmail: string;
  officerPhone: string;
};

/** Each field of the seller page form, and where the server names its problems. */
const contactFields: { name: keyof ContactFields; label: string; issue: string; hint?: string; wide?: boolean }[] = [
  {
    name: 'operatingAddress',
    label: 'Operating address',
    issue: 'operatingAddress',
    hint: 'Where the business works from, if not the registered address.',
    wide: true,
  },
  { name: 'contactEmail', label: 'Customer care email', issue: 'contactEmail' },
  { name: 'contactPhone', label: 'Customer care phone', issue: 'contactPhone' },
  { name: 'officerName', label: 'Grievance officer’s name', issue: 'grievanceOfficer.name' },
  { name: 'officerDesignation', label: 'Designation', issue: 'grievanceOfficer.designation' },
  { name: 'officerEmail', label: 'Grievance officer’s email', issue: 'grievanceOfficer.email' },
  { name: 'officerPhone', label: 'Grievance officer’s phone', issue: 'grievanceOfficer.phone' },
];

/** The seller page's contact details and the grievance officer (Consumer Protection (E-Commerce) Rules 2020). */
function SellerContactForm({ contact }: { contact: SellerContact }) {
  const [saveContact] = useSaveSellerContactMutation();
  const [form, setForm] = useState<ContactFields>({
    operatingAddress: contact.operatingAddress,
    contactEmail: contact.contactEmail,
    contactPhone: contact.contactPhone,
    officerName: contact.grievanceOfficer.name,
    officerDesignation: contact.grievanceOfficer.designation,
    officerEmail: contact.grievanceOfficer.email,
    officerPhone: contact.grievanceOfficer.phone,
  });
  const { issues, saving, submit } = useSave(
    () =>
      saveContact({
        operatingAddress: form.operatingAddress,
        contactEmail: form.contactEmail,
        contactPhone: form.contactPhone,
        grievanceOfficer: {
          name: form.officerName,
          designation: form.officerDesignation,
          email: form.officerEmail,
          phone: form.officerPhone,
        },
      }).unwrap(),
    'Seller page saved',
  );

  return (
    <AdminSection title="Seller page and grievance officer">
      <p className="mb-4 text-sm text-muted">
        Shown on the seller page and the privacy notice, with the legal name, registered address and GSTIN above.
        Complaints are the grievance officer’s to acknowledge within 48 hours and resolve within a month.
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
        {contactFields.map((field) => (
          <Field
            key={field.name}
            label={field.label}
            hint={field.hint}
            error={issues[field.issue]}
            className={field.wide ? 'sm:col-span-2' : ''}
          >
            {(control) => (
              <input
                {...control}
                className={controlClass}
                value={form[field.name]}
                onChange={(e) => setForm((f) => ({ ...f, [field.name]: e.target.value }))}
              />
            )}
          </Field>
        ))}
        <div className="flex justify-end sm:col-span-2">
          <button type="submit" className={buttonClass('primary', 'sm')} disabled={saving}>
            {saving ? 'Saving…' : 'Save seller page'}
          </button>
        </div>
      </form>
    </AdminSection>
  );
}
