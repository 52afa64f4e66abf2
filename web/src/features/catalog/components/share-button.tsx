import { toast, toastDurations } from '../../../lib/toasts.tsx';
import { ShareIcon } from '../../../components/icons/share.tsx';
import { isAbortError } from '../../../lib/http.ts';

/** Shares the page with the Web Share API where there is one, else copies the link. */
export function ShareButton({ title, url, className = '' }: { title: string; url: string; className?: string }) {
  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
      } catch (error) {
        if (!isAbortError(error))
          toast.error('Sharing did not work. Please try again.', { autoClose: toastDurations.product });
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied to clipboard', { autoClose: toastDurations.product });
    } catch {
      toast.error('Could not copy the link.', { autoClose: toastDurations.product });
    }
  }

  return (
    <button
      type="button"
      className={`inline-flex h-13 w-13 shrink-0 items-center justify-center rounded-full border border-ink/20 bg-white text-ink transition-colors hover:border-ink hover:bg-sand/40 ${className}`}
      aria-label="Share this product"
      onClick={share}
    >
      <ShareIcon size={20} />
    </button>
  );
}
