import { useNavigate } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { LockIcon } from '../../../components/icons/lock.tsx';

/** Shown when an anonymous visitor tries to add to cart (spec §5). */
export function SignInRequiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Sign In Required"
      icon={<LockIcon size={20} />}
      actions={
        <>
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className={buttonClass('primary')}
            onClick={() => {
              onClose();
              navigate('/signin');
            }}
          >
            Sign In
          </button>
        </>
      }
    >
      <p>Please sign in to add items to your cart.</p>
    </Dialog>
  );
}
