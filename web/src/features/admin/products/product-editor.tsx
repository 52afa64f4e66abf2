/**
 * The product form, for a new product and an existing one. Input is checked with the
 * server's schema before sending; the server's issues land under the same fields. An edit
 * sends only the fields that changed. An existing product's colours, sizes, stock and photos
 * are edited in its variant grid and photos by colour (product-edit-page.tsx), not here.
 */
import { colorSwatches, makerRoles, type Product } from '@shop/core';
import { useMemo } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { FormAlert } from '../../../components/form-field.tsx';
import { capitalize } from '../../../lib/format.ts';
import { useAppSelector } from '../../../lib/store/hooks.ts';
import { selectStoreInfo } from '../../../lib/store/store-info-slice.ts';
import { asResource } from '../shared/use-resource.ts';
import { useCreateProductMutation, useListCategoriesQuery, useUpdateProductMutation } from './api.ts';
import { categoryOptions } from './categories.ts';
import { controlClass, Field, type ControlProps } from '../shared/form-controls.tsx';
import { ImagesEditor } from './images-editor.tsx';
import { emptyProductForm, productBodyFrom, productFieldLabels, productFormFor } from './product-form.ts';
import { SizesEditor } from './sizes-editor.tsx';
import type { UploadImage } from '../../../lib/upload-image.ts';
import { useRecordForm } from '../shared/use-record-form.ts';

/** The declarations typed as text: field, longest text, hint. */
const declarationTexts = [
  ['genericName', 80, 'The common name of the goods, e.g. Shirt'],
  ['netQuantity', 40, 'e.g. 1 N (one piece)'],
  ['countryOfOrigin', 56, 'Where the goods were made, e.g. India'],
  ['makerName', 120, undefined],
  ['makerAddress', 300, undefined],
] as const;

/** Where each issue is shown; one about any other field goes in the summary. */
const issueOptions = {
  labels: productFieldLabels,
  fields: [
    'name',
    'description',
    'categoryId',
    'tags',
    'colors',
    'price',
    'originalPrice',
    'saleEndsAt',
    'sizes',
    'images',
    ...declarationTexts.map(([key]) => key),
    'makerRole',
  ],
  entryFields: ['sizes', 'images'],
};

interface ProductEditorProps {
  /** The product as stored; null to create one. */
  product: Product | null;
  uploadImage: UploadImage;
  /** After the server stored it, with the stored product. */
  onSaved: (product: Product) => void;
}

export function ProductEditor({ product, uploadImage, onSaved }: ProductEditorProps) {
  const [createProduct] = useCreateProductMutation();
  const [updateProduct] = useUpdateProductMutation();
  const { form, set, saving, formRef, errorFor, summary, handleSubmit } = useRecordForm({
    record: product,
    formFor: productFormFor,
    emptyForm: emptyProductForm,
    bodyFrom: productBodyFrom,
    issueOptions,
    send: (body, changes) =>
      (product ? updateProduct({ id: product._id, body: changes }) : createProduct(body)).unwrap(),
    onSaved,
  });
  const categories = asResource(useListCategoriesQuery());
  // Whether a price is what the shopper pays or GST is added to it is the shop's setting (the
  // layout around the staff area has read it).
  const info = useAppSelector(selectStoreInfo);
  const options = useMemo(() => categoryOptions(categories.data ?? []), [categories.data]);

  /** A price in rupees, to the paisa; the price itself must be given. */
  const rupeesInput = (key: 'price' | 'originalPrice', min: number) => (control: ControlProps) => (
    <input
      {...control}
      type="number"
      inputMode="decimal"
      min={min}
      step={0.01}
      value={form[key]}
      aria-required={key === 'price' || undefined}
      onChange={(e) => set(key, e.target.value)}
      className={controlClass}
    />
  );

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} aria-busy={saving} className="space-y-6">
      <div className="grid gap-5 rounded-2xl border border-line bg-white p-4 sm:p-6 lg:grid-cols-2">
        <Field label="Name" error={errorFor('name')} className="lg:col-span-2">
          {(control) => (
            <input
              {...control}
              value={form.name}
              maxLength={120}
              autoComplete="off"
              aria-required="true"
              onChange={(e) => set('name', e.target.value)}
              className={controlClass}
            />
          )}
        </Field>
        <Field label="Description" optional error={errorFor('description')} className="lg:col-span-2">
          {(control) => (
            <textarea
              {...control}
              value={form.description}
              rows={4}
              maxLength={4000}
              onChange={(e) => set('description', e.target.value)}
              className={`${controlClass} h-auto py-3`}
            />
          )}
        </Field>
        <Field
          label="Category"
          error={errorFor('categoryId') ?? (categories.error ? categories.error.message : undefined)}
        >
          {(control) => (
            <select
              {...control}
              value={form.categoryId}
              aria-required="true"
              disabled={!categories.data}
              onChange={(e) => set('categoryId', e.target.value)}
              className={controlClass}
            >
              <option value="">{categories.data ? 'Choose a category' : 'Loading categories…'}</option>
              {options.map((option) => (
                <option key={option._id} value={option._id}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Tags" optional hint="Separated by commas, e.g. Shirt, Cotton" error={errorFor('tags')}>
          {(control) => (
            <input
              {...control}
              value={form.tags}
              autoComplete="off"
              onChange={(e) => set('tags', e.target.value)}
              className={controlClass}
            />
          )}
        </Field>
        <Field
          label="Price (₹)"
          hint={
            info
              ? info.pricesIncludeGst
                ? 'What the shopper pays: GST is included (the Delivery page’s setting).'
                : 'Before GST, which is added at checkout (the Delivery page’s setting).'
              : undefined
          }
          error={errorFor('price')}
        >
          {rupeesInput('price', 1)}
        </Field>
        <Field
          label="Original price (₹)"
          optional
          hint="The price before a discount; shown struck through."
          error={errorFor('originalPrice')}
        >
          {rupeesInput('originalPrice', 0)}
        </Field>
        <Field
          label="Sale ends (India time, IST)"
          optional
          hint="The product page counts down to it; blank for no countdown."
          error={errorFor('saleEndsAt')}
        >
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={form.saleEndsAt}
              onChange={(e) => set('saleEndsAt', e.target.value)}
              className={controlClass}
            />
          )}
        </Field>
        {!product && (
          <ColourChoices chosen={form.colors} error={errorFor('colors')} onChange={(colors) => set('colors', colors)} />
        )}
      </div>

      {!product && (
        <>
          <div className="rounded-2xl border border-line bg-white p-4 sm:p-6">
            <SizesEditor rows={form.sizes} onChange={(rows) => set('sizes', rows)} errorFor={errorFor} />
          </div>
          <div className="rounded-2xl border border-line bg-white p-4 sm:p-6">
            <ImagesEditor
              images={form.images}
              onChange={(images) => set('images', images)}
              uploadImage={uploadImage}
              errorFor={errorFor}
            />
          </div>
        </>
      )}

      <fieldset className="grid gap-5 rounded-2xl border border-line bg-white p-4 sm:p-6 lg:grid-cols-2">
        <legend className="float-left mb-1 text-base font-medium lg:col-span-2">
          Listing declarations
          <span className="block text-sm font-normal text-muted">
            Required by the Legal Metrology rules before the product can be on sale.
          </span>
        </legend>
        {declarationTexts.slice(0, 3).map(([key, max, hint]) => (
          <Field key={key} label={productFieldLabels[key]!} hint={hint} error={errorFor(key)}>
            {(control) => (
              <input
                {...control}
                value={form[key]}
                maxLength={max}
                autoComplete="off"
                onChange={(e) => set(key, e.target.value)}
                className={controlClass}
              />
            )}
          </Field>
        ))}
        <Field label={productFieldLabels.makerRole!} error={errorFor('makerRole')}>
          {(control) => (
            <select
              {...control}
              value={form.makerRole}
              onChange={(e) => set('makerRole', e.target.value as typeof form.makerRole)}
              className={controlClass}
            >
              <option value="">Choose manufacturer, packer or importer</option>
              {makerRoles.map((role) => (
                <option key={role} value={role}>
                  {capitalize(role)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {declarationTexts.slice(3).map(([key, max]) => (
          <Field
            key={key}
            label={productFieldLabels[key]!}
            error={errorFor(key)}
            className={key === 'makerAddress' ? 'lg:col-span-2' : undefined}
          >
            {(control) => (
              <input
                {...control}
                value={form[key]}
                maxLength={max}
                autoComplete="off"
                onChange={(e) => set(key, e.target.value)}
                className={controlClass}
              />
            )}
          </Field>
        ))}
      </fieldset>

      <FormAlert message={summary} />
      <button type="submit" className={buttonClass('primary', 'md', 'w-full sm:w-auto')} disabled={saving}>
        {saving ? 'Saving…' : product ? 'Save changes' : 'Create product'}
      </button>
    </form>
  );
}

const colourNames = Object.keys(colorSwatches);

function ColourChoices({
  chosen,
  error,
  onChange,
}: {
  chosen: readonly string[];
  error: string | undefined;
  onChange: (colors: string[]) => void;
}) {
  return (
    <fieldset className="min-w-0 lg:col-span-2" aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 text-sm font-medium">
        Colours <span className="font-normal text-muted">(optional)</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {colourNames.map((name) => {
          const checked = chosen.includes(name);
          return (
            <label
              key={name}
              className={`flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm ${
                checked ? 'border-ink bg-sand/60' : 'border-line bg-white'
              }`}
            >
              <input
                type="checkbox"
                className="h-4 w-4 accent-ink"
                checked={checked}
                // Keep the shop's order, whatever order they were ticked in.
                onChange={() =>
                  onChange(
                    checked
                      ? chosen.filter((c) => c !== name)
                      : colourNames.filter((c) => c === name || chosen.includes(c)),
                  )
                }
              />
              <span
                aria-hidden="true"
                className="h-4 w-4 rounded-full ring-1 ring-ink/15"
                style={{ backgroundColor: colorSwatches[name] }}
              />
              {capitalize(name)}
            </label>
          );
        })}
      </div>
      {error && <p className="mt-1.5 text-xs font-medium text-sale">{error}</p>}
    </fieldset>
  );
}
