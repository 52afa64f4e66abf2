import {
  stockChangesFrom,
  stockErrorsFor,
  stockKey,
  wholeList,
  withStockEdit,
  type StockEdits,
} from './stock-edits.ts';

const edit = (productId: string, size: string, original: number, text: string) => ({ productId, size, original, text });

describe('withStockEdit', () => {
  it('records a changed size and forgets it when the original value is typed back', () => {
    let edits: StockEdits = {};
    edits = withStockEdit(edits, edit('p1', 'M', 4, '10'));
    edits = withStockEdit(edits, edit('p2', 'L', 0, '5'));
    expect(Object.keys(edits)).toEqual([stockKey('p1', 'M'), stockKey('p2', 'L')]);
    edits = withStockEdit(edits, edit('p1', 'M', 4, '4'));
    expect(Object.keys(edits)).toEqual([stockKey('p2', 'L')]);
  });

  it('keeps a blank value as an edit (blank is not 0)', () => {
    expect(withStockEdit({}, edit('p1', 'M', 0, ''))).toHaveProperty([stockKey('p1', 'M')]);
  });
});

describe('stockChangesFrom', () => {
  it('sends every edit as a number, in one list', () => {
    const edits = withStockEdit(withStockEdit({}, edit('p1', 'M', 4, '10')), edit('p2', 'L', 3, '0'));
    expect(stockChangesFrom(edits)).toEqual({
      ok: true,
      body: {
        changes: [
          { productId: 'p1', size: 'M', stock: 10 },
          { productId: 'p2', size: 'L', stock: 0 },
        ],
      },
    });
  });

  it.each([
    ['', 'Stock must be a number.'],
    ['-1', 'Stock must not be negative.'],
    ['2.5', 'Stock must be a whole number.'],
  ])('refuses %j with %j under that size only', (text, message) => {
    const edits = withStockEdit(withStockEdit({}, edit('p1', 'M', 4, '10')), edit('p2', 'L', 0, text));
    expect(stockChangesFrom(edits)).toEqual({ ok: false, errors: { [stockKey('p2', 'L')]: message } });
  });
});

describe('stockErrorsFor', () => {
  const edits = withStockEdit(withStockEdit({}, edit('p1', 'M', 4, '10')), edit('p2', 'L', 0, '3'));

  it("places the server's issues under the sizes they name, by position in the sent list", () => {
    expect(stockErrorsFor([{ path: 'changes.1.stock', message: 'stock is too large.' }], edits)).toEqual({
      [stockKey('p2', 'L')]: 'Stock is too large.',
    });
  });

  it('keeps an issue about the whole list apart', () => {
    expect(stockErrorsFor([{ path: 'changes', message: 'changes must list 500 sizes or fewer.' }], edits)).toEqual({
      [wholeList]: 'Changes must list 500 sizes or fewer.',
    });
  });
});
