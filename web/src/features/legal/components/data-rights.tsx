import { useId, useState, type Ref } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { PaneHeader } from '../../../components/pane-header.tsx';
import { failureText } from '../../../lib/api/failure.ts';
import { useRefusedTokenEndsSession } from '../../../lib/api/refused-token.ts';
import { downloadFile } from '../../../lib/download.ts';
import { messageFor } from '../../../lib/http.ts';
import { useDeleteAccountMutation } from '../api.ts';

interface DataRightsProps {
  onBack: () => void;
  /** The account is gone: the page ends the session here and leaves. */
  onDeleted: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The profile's "Your data" view (DPDP Act 2023): download everything the shop holds about
 * the shopper, or delete the account.
 */
export function DataRights({ onBack, onDeleted, headingRef }: DataRightsProps) {
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [understood, setUnderstood] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleteAccount, { isLoading: deleting }] = useDeleteAccountMutation();
  const refusedTokenEndsSession = useRefusedTokenEndsSession();
  const checkId = useId();

  async function download() {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadFile('/account/data', 'kapas-my-data.json');
    } catch (error) {
      refusedTokenEndsSession(error);
      setDownloadError(messageFor(error, 'Your data could not be downloaded. Please try again.'));
    } finally {
      setDownloading(false);
    }
  }

  async function remove() {
    setDeleteError(null);
    try {
      await deleteAccount().unwrap();
      onDeleted();
    } catch (error) {
      setDeleteError(failureText(error, 'Could not delete your account. Please try again.'));
    }
  }

  return (
    <div>
      <PaneHeader title="Your data" onBack={onBack} ref={headingRef} />
      <section aria-labelledby="download-data-heading" className="mt-6">
        <h3 id="download-data-heading" className="font-medium text-ink">
          Download your data
        </h3>
        <p className="mt-1 text-sm leading-6 text-ink-soft">
          One JSON file with your account, addresses, orders, the emails we sent you and your complaints.
        </p>
        <button
          type="button"
          className={buttonClass('secondary', 'md', 'mt-4')}
          onClick={() => void download()}
          disabled={downloading}
        >
          {downloading ? 'Preparing your file…' : 'Download my data'}
        </button>
        {downloadError && (
          <p role="alert" className="mt-3 text-sm text-sale">
            {downloadError}
          </p>
        )}
      </section>

      <section aria-labelledby="delete-account-heading" className="mt-10 rounded-2xl border border-sale/30 p-5">
        <h3 id="delete-account-heading" className="font-medium text-ink">
          Delete your account
        </h3>
        <p className="mt-1 text-sm leading-6 text-ink-soft">
          Your name, email, phone, addresses, cart, the emails we sent you and your complaints are erased at once, and
          you are signed out on every device. Orders still on their way must be delivered or cancelled first. Tax law
          makes us keep your invoices and credit notes for 8 years; nothing else. See the{' '}
          <Link to="/privacy" className="font-medium text-ink underline underline-offset-4">
            privacy notice
          </Link>
          .
        </p>
        <div className="mt-4 flex items-start gap-3">
          <input
            id={checkId}
            type="checkbox"
            className="mt-1 h-4 w-4 accent-ink"
            checked={understood}
            onChange={(e) => setUnderstood(e.target.checked)}
          />
          <label htmlFor={checkId} className="text-sm text-ink">
            I understand that this cannot be undone.
          </label>
        </div>
        <button
          type="button"
          className={buttonClass('primary', 'md', 'mt-4')}
          onClick={() => void remove()}
          disabled={!understood || deleting}
        >
          {deleting ? 'Deleting…' : 'Delete my account'}
        </button>
        {deleteError && (
          <p role="alert" className="mt-3 text-sm text-sale">
            {deleteError}
          </p>
        )}
      </section>
    </div>
  );
}
