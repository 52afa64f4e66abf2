import { buttonClass } from '../../../components/button.ts';

/**
 * Move up, move down and remove for one picture of a list (the product's images, the photos by
 * colour): the same three buttons, named "Move photo 2 up", wherever staff order pictures.
 */
export function PictureListButtons({
  noun,
  index,
  count,
  onMove,
  onRemove,
}: {
  noun: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <div className="flex shrink-0 gap-1">
      <button
        type="button"
        className={buttonClass('ghost', 'sm', 'px-2.5')}
        aria-label={`Move ${noun} ${n} up`}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className={buttonClass('ghost', 'sm', 'px-2.5')}
        aria-label={`Move ${noun} ${n} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        ↓
      </button>
      <button
        type="button"
        className={buttonClass('ghost', 'sm', 'px-2.5 text-sale')}
        aria-label={`Remove ${noun} ${n}`}
        onClick={onRemove}
      >
        Remove
      </button>
    </div>
  );
}
