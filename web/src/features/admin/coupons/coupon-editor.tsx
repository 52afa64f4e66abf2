/**
 * The coupon form, shown as a panel on the coupons page: create one, or edit one (sending
 * only what changed) with its history below. Only the fields of the chosen type show.
 */
import type { AdminCoupon, DiscountType } from '@shop/core';
import { useEffect, useId, useMemo, useRef } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { FormAlert } from '../../../components/form-field.tsx';
import { categoryOptions, useListCategoriesQuery } from '../products/index.ts';
import { controlClass, Field, type ControlProps } from '../shared/form-controls.tsx';
import { useRecordForm } from '../shared/use-record-form.ts';
import { AuditTrail } from '../shared/audit-trail.tsx';
import { ErrorState, LoadingState } from '../shared/admin-page.tsx';
import { asResource } from '../shared/use-resource.ts';
import { useCreateCouponMutation, useGetCouponQuery, useUpdateCouponMutation } from './api.ts';
import { couponBodyFrom, couponFieldLabels, couponFormFor, emptyCouponForm } from './coupon-form.ts';

const issueOptions = { labels: couponFieldLabels, fields: Object.keys(couponFieldLabels) };

const typeChoices: { value: DiscountType; label: string; hint: string }[] = [
  { value: 'percentage', label: 'Percentage off', hint: 'A share of the cart total, e.g. 10% off.' },
  { value: 'buyXgetY', label: 'Buy X get Y', hint: 'Every X + Y items, Y are free.' },
];

interface CouponEditorProps {
  /** The coupon as listed; null to create one. */
  coupon: AdminCoupon | null;
  /** After the server stored it. */
  onSaved: (coupon: AdminCoupon) => void;
  onClose: () => void;
}

export function CouponEditor({ coupon, onSaved, onClose }: CouponEditorProps) {
  const [createCoupon] = useCreateCouponMutation();
  const [updateCoupon] = useUpdateCouponMutation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { form, set, saving, formRef, errorFor, summary, handleSubmit } = useRecordForm({
    record: coupon,
    formFor: couponFormFor,
    emptyForm: emptyCouponForm,
    bodyFrom: couponBodyFrom,
    issueOptions,
    send: (body, changes) => (coupon ? updateCoupon({ id: coupon._id, body: changes }) : createCoupon(body)).unwrap(),
    onSaved,
  });
  const categories = asResource(useListCategoriesQuery());
  const options = useMemo(() => categoryOptions(categories.data ?? []), [categories.data]);

  // The panel opens where staff cannot see it on a phone: take them (and focus) there.
  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: 'start' });
  }, []);

  const percentage = form.discountType === 'percentage';
  const numberInput =
    (key: 'value' | 'buyX' | 'getY' | 'minPurchase' | 'usageLimit' | 'perCustomerLimit', min: number) =>
    (control: ControlProps) => (
      <input
        {...control}
        type="number"
        inputMode={key === 'minPurchase' ? 'decimal' : 'numeric'}
        min={min}
        step={key === 'minPurchase' ? 0.01 : 1}
        value={form[key]}
        onChange={(e) => set(key, e.target.value)}
        className={controlClass}
      />
    );

  const dateInput = (key: 'startsAt' | 'endsAt') => (control: ControlProps) => (
    <input
      {...control}
      type="datetime-local"
      value={form[key]}
      onChange={(e) => set(key, e.target.value)}
      className={controlClass}
    />
  );

  return (
    <section
      aria-labelledby={headingId}
      className="mb-8 rounded-2xl border border-ink/15 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="mb-5 flex items-start justify-between gap-3">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-28 font-display text-xl focus:outline-none"
        >
          {coupon ? `Edit ${coupon.code}` : 'New coupon'}
        </h2>
        <button type="button" className={buttonClass('ghost', 'sm')} onClick={onClose}>
          Close
        </button>
      </div>

      <form ref={formRef} noValidate onSubmit={handleSubmit} aria-busy={saving} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="Code"
            hint="Letters, digits, - and _. Shoppers may type it in any case."
            error={errorFor('code')}
          >
            {(control) => (
              <input
                {...control}
                value={form.code}
                maxLength={40}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                aria-required="true"
                onChange={(e) => set('code', e.target.value)}
                className={`${controlClass} uppercase`}
              />
            )}
          </Field>

          <fieldset className="min-w-0">
            <legend className="mb-1.5 text-sm font-medium">Type</legend>
            <div className="grid gap-2">
              {typeChoices.map((choice) => (
                <label
                  key={choice.value}
                  className={`flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-2 text-sm ${
                    form.discountType === choice.value ? 'border-ink bg-sand/50' : 'border-line'
                  }`}
                >
                  <input
                    type="radio"
                    name="discountType"
                    value={choice.value}
                    checked={form.discountType === choice.value}
                    onChange={() => set('discountType', choice.value)}
                    className="mt-0.5 h-4 w-4 accent-ink"
                  />
                  <span>
                    <span className="block font-medium">{choice.label}</span>
                    <span className="block text-xs text-muted">{choice.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          {percentage ? (
            <Field label="Discount (%)" error={errorFor('value')}>
              {numberInput('value', 1)}
            </Field>
          ) : (
            <div className="grid grid-cols-2 gap-3">
              <Field label="Buy (X)" error={errorFor('buyX')}>
                {numberInput('buyX', 1)}
              </Field>
              <Field label="Get free (Y)" error={errorFor('getY')}>
                {numberInput('getY', 1)}
              </Field>
            </div>
          )}

          <Field label="Minimum purchase (₹)" optional hint="Blank for no minimum." error={errorFor('minPurchase')}>
            {numberInput('minPurchase', 0)}
          </Field>

          <Field label="Starts" optional hint="Blank: valid from now." error={errorFor('startsAt')}>
            {dateInput('startsAt')}
          </Field>
          <Field label="Ends" optional hint="Blank: never expires." error={errorFor('endsAt')}>
            {dateInput('endsAt')}
          </Field>

          <Field label="Usage limit" optional hint="Orders in all; blank for no limit." error={errorFor('usageLimit')}>
            {numberInput('usageLimit', 1)}
          </Field>
          <Field
            label="Per-customer limit"
            optional
            hint="Orders per shopper; blank for no limit."
            error={errorFor('perCustomerLimit')}
          >
            {numberInput('perCustomerLimit', 1)}
          </Field>
        </div>

        <fieldset className="min-w-0">
          <legend className="mb-1.5 text-sm font-medium">Categories</legend>
          <p className="mb-2 text-xs text-muted">None ticked: the coupon counts every category.</p>
          {categories.error ? (
            <ErrorState message={categories.error.message} onRetry={categories.reload} retrying={categories.loading} />
          ) : !categories.data ? (
            <LoadingState label="Loading categories…" className="py-4" />
          ) : (
            <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
              {options.map((option) => (
                <label key={option._id} className="flex cursor-pointer items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-4 w-4 shrink-0 accent-ink"
                    checked={form.applicableCategories.includes(option._id)}
                    onChange={(e) =>
                      set(
                        'applicableCategories',
                        e.target.checked
                          ? [...form.applicableCategories, option._id]
                          : form.applicableCategories.filter((id) => id !== option._id),
                      )
                    }
                  />
                  {option.label}
                </label>
              ))}
            </div>
          )}
          {errorFor('applicableCategories') && (
            <p className="mt-1.5 text-xs font-medium text-sale">{errorFor('applicableCategories')}</p>
          )}
        </fieldset>

        <label className="flex cursor-pointer items-center gap-3 text-sm">
          <input
            type="checkbox"
            checked={form.isActive}
            onChange={(e) => set('isActive', e.target.checked)}
            className="h-5 w-5 accent-ink"
          />
          Active: shoppers can apply it
        </label>

        <FormAlert message={summary} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <button type="submit" className={buttonClass('primary', 'md')} disabled={saving}>
            {saving ? 'Saving…' : coupon ? 'Save changes' : 'Save coupon'}
          </button>
          <button type="button" className={buttonClass('secondary', 'md')} onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>

      {coupon && <CouponHistory id={coupon._id} />}
    </section>
  );
}

/** The coupon's recorded changes; loaded again when the coupon changes (its tag is invalidated). */
function CouponHistory({ id }: { id: string }) {
  const detail = asResource(useGetCouponQuery(id));
  return (
    <div className="mt-8 border-t border-line pt-6">
      {detail.error ? (
        <ErrorState message={detail.error.message} onRetry={detail.reload} retrying={detail.loading} />
      ) : !detail.data ? (
        <LoadingState label="Loading the history…" className="py-4" />
      ) : (
        <AuditTrail entries={detail.data.audit} />
      )}
    </div>
  );
}
