import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';

/** A first visit: fresh modules, so react-toastify has not been asked for yet. */
async function freshToasts() {
  vi.resetModules();
  return import('./toasts.tsx');
}

describe('toasts', () => {
  it('render nothing until the first toast, which shows once the container has loaded', async () => {
    const { AppToasts, toast } = await freshToasts();
    // StrictMode mounts the container twice, as in development: the first toast must survive it.
    render(
      <StrictMode>
        <AppToasts />
      </StrictMode>,
    );
    expect(document.querySelector('.Toastify')).toBeNull();

    toast.success('Address saved!');
    expect(await screen.findByText('Address saved!')).toBeInTheDocument();
    toast.error('Failed to save address');
    expect(await screen.findByText('Failed to save address')).toBeInTheDocument();
  });
});
