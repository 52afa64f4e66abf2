import { Fragment, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { pageTitle } from '../../../lib/brand.ts';
import { toast } from '../../../lib/toasts.tsx';
import { Breadcrumbs } from '../../../components/breadcrumbs.tsx';
import { buttonClass } from '../../../components/button.ts';
import { FormField, SelectField } from '../../../components/form-field.tsx';
import {
  audienceBands,
  COLLABORATION_EMPTY_MESSAGE,
  COLLABORATION_SUCCESS_MESSAGE,
  emptyCollaborationForm,
  hasAnyField,
  trimmed,
  type CollaborationForm,
} from '../collaboration.ts';

/** Each channel: the page's name, and the band of its audience. */
const channels = [
  { page: 'youtube', pageLabel: 'YouTube page name', audience: 'subscribers', audienceLabel: 'Subscribers' },
  { page: 'instagram', pageLabel: 'Instagram page name', audience: 'followers', audienceLabel: 'Followers' },
] as const;

/**
 * /collaboration (spec §2, §5): an influencer's enquiry. Nothing is sent: the form is checked
 * (at least one field), logged, thanked with a toast, and the shopper goes home.
 */
export function CollaborationPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<CollaborationForm>(emptyCollaborationForm);

  const field = (name: keyof CollaborationForm) => ({
    name,
    value: form[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setForm((f) => ({ ...f, [name]: event.target.value })),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!hasAnyField(form)) {
      toast.error(COLLABORATION_EMPTY_MESSAGE);
      return;
    }
    console.info('Collaboration enquiry', trimmed(form));
    toast.success(COLLABORATION_SUCCESS_MESSAGE);
    navigate('/');
  }

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-4 sm:px-6 lg:px-8">
      <title>{pageTitle('Collaboration')}</title>
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Collaboration' }]} />

      <div className="mt-8 grid gap-12 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-20">
        <div>
          <p className="text-xs font-semibold tracking-[0.25em] text-accent uppercase">Creators</p>
          <h1 className="mt-3 font-display text-4xl leading-tight sm:text-5xl">Collaborate with us</h1>
          <p className="mt-5 max-w-md text-base leading-7 text-muted">
            Make videos or posts about menswear, fabrics or Indian style? Tell us where to find you and how big your
            audience is, and our team will get in touch about styling kits, early drops and paid partnerships.
          </p>
          <ul className="mt-8 space-y-4 text-sm text-ink-soft">
            {[
              'Fill in what you like: every field is optional.',
              'We reply to every enquiry within 24-48 hours.',
              'No fees, no follower minimum for gifting.',
            ].map((line) => (
              <li key={line} className="flex gap-3">
                <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-accent" />
                {line}
              </li>
            ))}
          </ul>
        </div>

        <form
          onSubmit={handleSubmit}
          aria-labelledby="collaboration-form-heading"
          className="rounded-3xl border border-line bg-white p-6 sm:p-10"
        >
          <h2 id="collaboration-form-heading" className="font-display text-2xl">
            Your details
          </h2>
          <div className="mt-6 grid gap-5 sm:grid-cols-2">
            <FormField label="Influencer name" autoComplete="name" className="sm:col-span-2" {...field('name')} />
            <FormField label="Email" type="email" autoComplete="email" className="sm:col-span-2" {...field('email')} />
            {channels.map((channel) => (
              <Fragment key={channel.page}>
                <FormField label={channel.pageLabel} {...field(channel.page)} />
                <SelectField
                  label={channel.audienceLabel}
                  options={audienceBands}
                  placeholder="Select a band"
                  {...field(channel.audience)}
                />
              </Fragment>
            ))}
          </div>
          <button type="submit" className={buttonClass('primary', 'lg', 'mt-8 w-full sm:w-auto')}>
            Submit
          </button>
        </form>
      </div>
    </div>
  );
}
