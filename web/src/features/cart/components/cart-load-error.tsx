import { buttonClass } from '../../../components/button.ts';

/** The cart could not be loaded: the reason in red, and a way to try again. */
export function CartLoadError({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mt-8 rounded-2xl border border-sale/20 bg-sale/5 p-6">
      <p className="font-medium text-sale">Error: {error}</p>
      <button type="button" className={buttonClass('secondary', 'sm', 'mt-4')} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
