import { Link } from 'react-router';
import { useGetSellerPageQuery } from '../api.ts';
import { ContactLinks, LegalPageFrame, LoadState } from '../components/legal-page-frame.tsx';

/** What the shop holds about a shopper, why, and for how long (Digital Personal Data Protection Act 2023). */
const dataKept: { what: string; why: string; howLong: string }[] = [
  {
    what: 'Your name, email address, phone number and password (stored only as a hash)',
    why: 'To keep your account, sign you in, and write to you about your orders',
    howLong: 'While you keep your account; erased when you delete it',
  },
  {
    what: 'Your saved addresses',
    why: 'To deliver your orders and prefill checkout',
    howLong: 'While you keep your account; erased when you delete it',
  },
  {
    what: 'Your cart and orders: what you bought, the delivery and billing address, payment method and status',
    why: 'To deliver, support, cancel and refund your orders',
    howLong:
      'While you keep your account; when you delete it, the names, addresses and phone numbers on your orders are erased',
  },
  {
    what: 'Tax invoices and credit notes (your name, billing address and what you bought)',
    why: 'Indian tax law (the CGST Act) requires the shop to keep them',
    howLong: '8 years after they were issued, even after you delete your account; then destroyed',
  },
  {
    what: 'The network address an order was placed from',
    why: 'To stop a few people from holding all the stock in unpaid orders',
    howLong: 'With the order; erased when you delete your account',
  },
  {
    what: 'The emails we sent you',
    why: 'To show what was sent, and to send again what did not arrive',
    howLong: 'While you keep your account; erased when you delete it',
  },
  {
    what: 'Your complaints and our replies',
    why: 'To resolve them, as the Consumer Protection (E-Commerce) Rules require',
    howLong: 'While you keep your account; your name, contact and words are erased when you delete it',
  },
];

const rights: [string, string][] = [
  ['See your data', 'Download everything we hold about you, as a file, from your profile (“Your data”).'],
  ['Correct it', 'Change your phone number and addresses from your profile, or write to us for anything else.'],
  [
    'Erase it',
    'Delete your account from your profile: your personal data is erased at once, except the tax invoices and credit notes the law makes us keep.',
  ],
  ['Complain', 'Write to our grievance officer below, or file a complaint: we answer within 48 hours.'],
  [
    'Nominate someone',
    'Name a person who may use these rights for you if you die or cannot act: write to the grievance officer.',
  ],
  ['Go to the Board', 'If we do not resolve your grievance, you may complain to the Data Protection Board of India.'],
];

/**
 * /privacy: what personal data the shop holds, for what, how long, the shopper's rights, and
 * whom to contact (the grievance officer, from the seller details).
 */
export function PrivacyPage() {
  const { data: seller, error, isLoading } = useGetSellerPageQuery();
  const linkClass =
    'rounded-sm font-medium text-ink underline decoration-ink/30 underline-offset-4 hover:decoration-ink';
  return (
    <LegalPageFrame
      eyebrow="Your data"
      title="Privacy notice"
      crumb="Privacy notice"
      intro="We collect only what we need to sell and deliver your clothes. We never sell your data, and we share it only with those who help us deliver and take payment: the courier (your delivery address and phone) and the payment provider (your card or UPI details, which we never see)."
    >
      <div className="space-y-10">
        <section aria-labelledby="privacy-data-heading">
          <h2 id="privacy-data-heading" className="font-display text-2xl">
            What we keep, why, and for how long
          </h2>
          {/* On a phone the table scrolls sideways inside its frame, which keyboards can reach. */}
          <div
            role="region"
            aria-labelledby="privacy-data-heading"
            tabIndex={0}
            className="mt-5 overflow-x-auto rounded-3xl border border-line bg-white"
          >
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="bg-sand/50 text-xs tracking-wider text-ink uppercase">
                <tr>
                  <th scope="col" className="p-4 font-semibold">
                    Personal data
                  </th>
                  <th scope="col" className="p-4 font-semibold">
                    What for
                  </th>
                  <th scope="col" className="p-4 font-semibold">
                    How long
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line text-ink-soft">
                {dataKept.map((row) => (
                  <tr key={row.what}>
                    <th scope="row" className="p-4 align-top font-medium text-ink">
                      {row.what}
                    </th>
                    <td className="p-4 align-top">{row.why}</td>
                    <td className="p-4 align-top">{row.howLong}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby="privacy-rights-heading">
          <h2 id="privacy-rights-heading" className="font-display text-2xl">
            Your rights
          </h2>
          <ul className="mt-5 grid gap-4 sm:grid-cols-2">
            {rights.map(([title, text]) => (
              <li key={title} className="rounded-2xl border border-line bg-white p-5">
                <h3 className="font-medium text-ink">{title}</h3>
                <p className="mt-1 text-sm leading-6 text-ink-soft">{text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-5 text-sm text-ink-soft">
            Signed in? Open{' '}
            <Link to="/profile?view=data" className={linkClass}>
              your data
            </Link>{' '}
            in your profile. Something wrong?{' '}
            <Link to="/complaints" className={linkClass}>
              File a complaint
            </Link>
            .
          </p>
        </section>

        <section aria-labelledby="privacy-contact-heading" className="rounded-3xl bg-sand p-6 sm:p-8">
          <h2 id="privacy-contact-heading" className="font-display text-2xl">
            Whom to contact
          </h2>
          <LoadState loading={isLoading} error={error} label="Loading the grievance officer’s details…" />
          {seller && (
            <p className="mt-4 text-sm leading-7 text-ink-soft">
              {seller.grievanceOfficer.name}, {seller.grievanceOfficer.designation}, {seller.legalName}
              <ContactLinks email={seller.grievanceOfficer.email} phone={seller.grievanceOfficer.phone} />
            </p>
          )}
          <p className="mt-4 text-sm text-ink-soft">
            <Link to="/seller" className={linkClass}>
              All the seller’s details
            </Link>
          </p>
        </section>
      </div>
    </LegalPageFrame>
  );
}
