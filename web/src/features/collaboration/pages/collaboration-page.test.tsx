import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { CollaborationPage } from './collaboration-page.tsx';

function renderPage() {
  return renderWithProviders(<CollaborationPage />, { route: '/collaboration', path: '/collaboration' });
}

describe('collaboration page', () => {
  it('has the six fields, with the audience bands to choose from', () => {
    renderPage();
    for (const label of ['Influencer name', 'Email', 'YouTube page name', 'Instagram page name']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    for (const label of ['Subscribers', 'Followers']) {
      const options = Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((o) => o.text);
      expect(options).toEqual(['Select a band', '1k+', '5k+', '10k+', '50k+', '1M+']);
    }
  });

  it('refuses an empty form (spaces count as empty), logging nothing and staying put', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { user, router } = renderPage();
    await user.type(screen.getByLabelText('Influencer name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please fill in at least one field before submitting.')).toBeInTheDocument();
    expect(info).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/collaboration');
  });

  it('logs the enquiry, thanks the influencer and goes home, with no call to the API', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { user, router, api } = renderPage();
    await user.type(screen.getByLabelText('Instagram page name'), ' kapas.fits ');
    await user.selectOptions(screen.getByLabelText('Followers'), '50k+');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Collaborated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(info).toHaveBeenCalledWith('Collaboration enquiry', {
      name: '',
      email: '',
      youtube: '',
      instagram: 'kapas.fits',
      subscribers: '',
      followers: '50k+',
    });
    expect(api.calls).toHaveLength(0);
  });
});
