import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ColorSwatches } from './color-swatches.tsx';

function Swatches({ soldOut = [] as string[], initial = 'white' }) {
  const [color, setColor] = useState<string | null>(initial);
  return (
    <ColorSwatches
      colors={['white', 'navy', 'sky blue']}
      selected={color}
      onSelect={setColor}
      inStock={(c) => !soldOut.includes(c)}
    />
  );
}

describe('colour swatches', () => {
  it('are a radio group named "Colour" with one radio per colour, named by the colour', () => {
    render(<Swatches />);
    const group = screen.getByRole('group', { name: 'Colour: White' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['white', 'navy', 'sky blue']);
    expect(within(group).getByRole('radio', { name: 'White' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Navy' })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Sky blue' })).not.toBeChecked();
  });

  it('choose a colour with a click and name it beside the heading', async () => {
    const user = userEvent.setup();
    render(<Swatches />);
    await user.click(screen.getByRole('radio', { name: 'Sky blue' }));
    expect(screen.getByRole('radio', { name: 'Sky blue' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'White' })).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'Colour: Sky blue' })).toBeInTheDocument();
  });

  it('move the choice with the arrow keys, as one tab stop', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Before</button>
        <Swatches />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(screen.getByRole('radio', { name: 'White' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Navy' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Navy' })).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Colour: Navy' })).toBeInTheDocument();
    // One tab stop for the group: Tab leaves it.
    await user.tab();
    expect(document.activeElement?.getAttribute('type')).not.toBe('radio');
  });

  it('say which colour is sold out in every size, and still let it be chosen (its photos show)', async () => {
    const user = userEvent.setup();
    render(<Swatches soldOut={['navy']} />);
    const navy = screen.getByRole('radio', { name: 'Navy (sold out)' });
    expect(navy).toBeEnabled();
    await user.click(navy);
    expect(navy).toBeChecked();
    expect(screen.getByRole('radio', { name: 'White' })).toBeInTheDocument();
  });

  it('start with none chosen when no colour is known yet', () => {
    render(<ColorSwatches colors={['white', 'navy']} selected={null} onSelect={() => {}} inStock={() => true} />);
    expect(screen.getByRole('group', { name: 'Colour' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(0);
  });
});
