import {
  dealIsRunning,
  SHOP_UTC_OFFSET_MINUTES,
  type Deal,
  type DealBody,
  type Testimonial,
  type TestimonialBody,
} from '@shop/core';
import { useState, type FormEvent } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { AdminPageHeader, AdminSection, EmptyState, ResourceView } from '../shared/admin-page.tsx';
import { controlClass, Field } from '../shared/form-controls.tsx';
import { notifyFailure, notifySuccess } from '../shared/notify.ts';
import { asResource } from '../shared/use-resource.ts';
import {
  useDeleteDealMutation,
  useDeleteTestimonialMutation,
  useGetHomeFeatureQuery,
  useListDealsQuery,
  useListTestimonialsQuery,
  useSaveDealMutation,
  useSaveTestimonialMutation,
  useSetHomeFeatureMutation,
} from './api.ts';

const OFFSET_MS = SHOP_UTC_OFFSET_MINUTES * 60_000;

/** An instant as a date-time field shows it, in the shop's time (India): "2026-12-01T18:30". */
export function toShopLocal(iso: string): string {
  return new Date(Date.parse(iso) + OFFSET_MS).toISOString().slice(0, 16);
}

/** A date-time field's value, read in the shop's time, as the API takes it. */
export function fromShopLocal(value: string): string {
  return `${value}:00+05:30`;
}

const shopDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  });

/**
 * The home page's content (issue 26): the deals Deals Of The Month shows (its countdown runs to
 * the earliest end among those running), the testimonials (only real customers', or marked as
 * samples), and the product the specials banner features.
 */
export function AdminHomePage() {
  return (
    <>
      <AdminPageHeader
        title="Home page"
        description="What the storefront’s home page shows: deals, the featured product and testimonials."
      />
      <div className="grid gap-6">
        <DealsEditor />
        <FeatureEditor />
        <TestimonialsEditor />
      </div>
    </>
  );
}

function DealsEditor() {
  const deals = asResource(useListDealsQuery());
  const [editing, setEditing] = useState<Deal | 'new' | null>(null);
  const [remove] = useDeleteDealMutation();
  // When the page opened: a deal's state as staff found it.
  const [now] = useState(() => Date.now());
  return (
    <AdminSection
      title="Deals Of The Month"
      actions={
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setEditing('new')}>
          Add a deal
        </button>
      }
    >
      {editing && <DealForm deal={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      <ResourceView resource={deals} label="Loading the deals…">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No deals">The home page says no deal is running, with no countdown.</EmptyState>
          ) : (
            <ul className="divide-y divide-line">
              {list.map((deal) => (
                <li key={deal._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {deal.title} · {deal.discountText}
                      {deal.sample && <span className="ml-2 text-xs text-muted">(demo sample)</span>}
                    </p>
                    <p className="text-sm text-muted">
                      {shopDateTime(deal.startsAt)} to {shopDateTime(deal.endsAt)} ·{' '}
                      {dealIsRunning(deal, now) ? 'running' : Date.parse(deal.endsAt) <= now ? 'ended' : 'to come'} ·{' '}
                      {deal.link}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className={buttonClass('secondary', 'sm')}
                      aria-label={`Edit ${deal.title}`}
                      onClick={() => setEditing(deal)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className={buttonClass('secondary', 'sm')}
                      aria-label={`Remove ${deal.title}`}
                      onClick={() =>
                        void remove(deal._id)
                          .unwrap()
                          .then(() => notifySuccess('Deal removed'), notifyFailure)
                      }
                    >
                      Remove
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </ResourceView>
    </AdminSection>
  );
}

function DealForm({ deal, onDone }: { deal: Deal | null; onDone: () => void }) {
  const [save, { isLoading }] = useSaveDealMutation();
  const [fields, setFields] = useState(() => ({
    title: deal?.title ?? '',
    discountText: deal?.discountText ?? '',
    link: deal?.link ?? '/products',
    image: deal?.image ?? '',
    startsAt: toShopLocal(deal?.startsAt ?? new Date().toISOString()),
    endsAt: toShopLocal(deal?.endsAt ?? new Date(Date.now() + 3 * 86_400_000).toISOString()),
  }));
  const set = (name: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: DealBody = {
      title: fields.title,
      discountText: fields.discountText,
      link: fields.link,
      image: fields.image.trim() === '' ? null : fields.image.trim(),
      startsAt: fromShopLocal(fields.startsAt),
      endsAt: fromShopLocal(fields.endsAt),
    };
    try {
      await save({ id: deal?._id ?? null, body }).unwrap();
      notifySuccess(deal ? 'Deal saved' : 'Deal added');
      onDone();
    } catch (error) {
      notifyFailure(error);
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label={deal ? `Edit ${deal.title}` : 'New deal'}
      className="mb-6 grid gap-4 rounded-xl bg-paper p-4 sm:grid-cols-2"
    >
      <TextField label="Title" value={fields.title} onChange={set('title')} required />
      <TextField
        label="Discount text"
        hint="e.g. 30% OFF"
        value={fields.discountText}
        onChange={set('discountText')}
        required
      />
      <TextField
        label="Link"
        hint="A page of this shop, e.g. /products"
        value={fields.link}
        onChange={set('link')}
        required
      />
      <TextField
        label="Image"
        hint="/uploads/…; empty: a drawn picture"
        value={fields.image}
        onChange={set('image')}
        optional
      />
      <TextField
        label="Starts (India time)"
        type="datetime-local"
        value={fields.startsAt}
        onChange={set('startsAt')}
        required
      />
      <TextField
        label="Ends (India time)"
        type="datetime-local"
        value={fields.endsAt}
        onChange={set('endsAt')}
        required
      />
      <div className="flex gap-2 sm:col-span-2">
        <button type="submit" className={buttonClass('primary', 'sm')} disabled={isLoading}>
          {deal ? 'Save deal' : 'Add deal'}
        </button>
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function TextField({
  label,
  value,
  onChange,
  hint,
  type = 'text',
  required = false,
  optional = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  type?: string;
  required?: boolean;
  optional?: boolean;
}) {
  return (
    <Field label={label} hint={hint} optional={optional}>
      {(control) => (
        <input
          {...control}
          type={type}
          value={value}
          required={required}
          onChange={(e) => onChange(e.target.value)}
          className={controlClass}
        />
      )}
    </Field>
  );
}

function FeatureEditor() {
  const feature = asResource(useGetHomeFeatureQuery());
  const [setFeature, { isLoading }] = useSetHomeFeatureMutation();
  const [productId, setProductId] = useState<string | null>(null);

  async function submit(event: FormEvent, id: string | null) {
    event.preventDefault();
    try {
      await setFeature(id).unwrap();
      notifySuccess(id ? 'Specials banner saved' : 'Specials banner hidden');
      setProductId(null);
    } catch (error) {
      notifyFailure(error);
    }
  }

  return (
    <AdminSection title="Specials banner">
      <ResourceView resource={feature} label="Loading the featured product…">
        {(current) => (
          <form
            onSubmit={(e) => void submit(e, (productId ?? current.productId ?? '').trim() || null)}
            className="grid gap-4"
          >
            <p className="text-sm text-muted">
              {current.product
                ? `Features ${current.product.name}, with its sizes and price.`
                : 'No product featured: the home page leaves the banner out.'}
            </p>
            <TextField
              label="Product ID"
              hint="As in the product’s address in the staff area (/admin/products/…); empty: none"
              value={productId ?? current.productId ?? ''}
              onChange={setProductId}
              optional
            />
            <div>
              <button type="submit" className={buttonClass('primary', 'sm')} disabled={isLoading}>
                Save
              </button>
            </div>
          </form>
        )}
      </ResourceView>
    </AdminSection>
  );
}

function TestimonialsEditor() {
  const testimonials = asResource(useListTestimonialsQuery());
  const [editing, setEditing] = useState<Testimonial | 'new' | null>(null);
  const [remove] = useDeleteTestimonialMutation();
  return (
    <AdminSection
      title="Testimonials"
      actions={
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setEditing('new')}>
          Add a testimonial
        </button>
      }
    >
      {editing && <TestimonialForm testimonial={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      <ResourceView resource={testimonials} label="Loading the testimonials…">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No testimonials">The home page leaves the section out.</EmptyState>
          ) : (
            <ul className="divide-y divide-line">
              {list.map((t) => (
                <li key={t._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {t.name} · {t.rating} of 5{t.sample && <span className="ml-2 text-xs text-muted">(sample)</span>}
                    </p>
                    <p className="line-clamp-2 text-sm text-muted">{t.text}</p>
                  </div>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className={buttonClass('secondary', 'sm')}
                      aria-label={`Edit the testimonial of ${t.name}`}
                      onClick={() => setEditing(t)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className={buttonClass('secondary', 'sm')}
                      aria-label={`Remove the testimonial of ${t.name}`}
                      onClick={() =>
                        void remove(t._id)
                          .unwrap()
                          .then(() => notifySuccess('Testimonial removed'), notifyFailure)
                      }
                    >
                      Remove
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </ResourceView>
    </AdminSection>
  );
}

function TestimonialForm({ testimonial, onDone }: { testimonial: Testimonial | null; onDone: () => void }) {
  const [save, { isLoading }] = useSaveTestimonialMutation();
  const [fields, setFields] = useState(() => ({
    name: testimonial?.name ?? '',
    role: testimonial?.role ?? '',
    text: testimonial?.text ?? '',
    rating: String(testimonial?.rating ?? 5),
    photo: testimonial?.photo ?? '',
    sample: testimonial?.sample ?? false,
  }));
  const set = (name: 'name' | 'role' | 'text' | 'rating' | 'photo') => (value: string) =>
    setFields((f) => ({ ...f, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: TestimonialBody = {
      name: fields.name,
      role: fields.role,
      text: fields.text,
      rating: Number(fields.rating),
      photo: fields.photo.trim() === '' ? null : fields.photo.trim(),
      sample: fields.sample,
    };
    try {
      await save({ id: testimonial?._id ?? null, body }).unwrap();
      notifySuccess(testimonial ? 'Testimonial saved' : 'Testimonial added');
      onDone();
    } catch (error) {
      notifyFailure(error);
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label={testimonial ? `Edit the testimonial of ${testimonial.name}` : 'New testimonial'}
      className="mb-6 grid gap-4 rounded-xl bg-paper p-4 sm:grid-cols-2"
    >
      <TextField label="Customer’s name" value={fields.name} onChange={set('name')} required />
      <TextField label="Role or city" value={fields.role} onChange={set('role')} optional />
      <Field label="What they wrote" className="sm:col-span-2">
        {(control) => (
          <textarea
            {...control}
            value={fields.text}
            required
            rows={3}
            onChange={(e) => set('text')(e.target.value)}
            className={`${controlClass} h-auto py-3`}
          />
        )}
      </Field>
      <Field label="Rating">
        {(control) => (
          <select
            {...control}
            value={fields.rating}
            onChange={(e) => set('rating')(e.target.value)}
            className={controlClass}
          >
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n} of 5
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField label="Photo" hint="/uploads/…" value={fields.photo} onChange={set('photo')} optional />
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input
          type="checkbox"
          checked={fields.sample}
          onChange={(e) => setFields((f) => ({ ...f, sample: e.target.checked }))}
        />
        A sample, not a real customer’s (the home page says so)
      </label>
      <div className="flex gap-2 sm:col-span-2">
        <button type="submit" className={buttonClass('primary', 'sm')} disabled={isLoading}>
          {testimonial ? 'Save testimonial' : 'Add testimonial'}
        </button>
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
