import { readListState, writeListState } from './list-state.ts';

describe('products list URL state', () => {
  it.each([
    ['', { q: '', status: 'all', needsColorStock: false, needsDeclarations: false, page: 1 }],
    [
      '?q=%20oxford%20&status=hidden&page=3',
      { q: 'oxford', status: 'hidden', needsColorStock: false, needsDeclarations: false, page: 3 },
    ],
    ['?status=deleted&page=-2', { q: '', status: 'all', needsColorStock: false, needsDeclarations: false, page: 1 }],
    ['?page=1.5', { q: '', status: 'all', needsColorStock: false, needsDeclarations: false, page: 1 }],
    ['?needs=colour-stock', { q: '', status: 'all', needsColorStock: true, needsDeclarations: false, page: 1 }],
    [
      '?needs=declarations&needs=colour-stock',
      { q: '', status: 'all', needsColorStock: true, needsDeclarations: true, page: 1 },
    ],
    ['?needs=something', { q: '', status: 'all', needsColorStock: false, needsDeclarations: false, page: 1 }],
  ])('reads %j leniently', (search, state) => {
    expect(readListState(new URLSearchParams(search))).toEqual(state);
  });

  it('leaves defaults out of the URL', () => {
    expect(
      writeListState({ q: '', status: 'all', needsColorStock: false, needsDeclarations: false, page: 1 }).toString(),
    ).toBe('');
    expect(
      writeListState({
        q: 'cap',
        status: 'active',
        needsColorStock: true,
        needsDeclarations: false,
        page: 2,
      }).toString(),
    ).toBe('q=cap&status=active&needs=colour-stock&page=2');
    expect(
      writeListState({ q: '', status: 'all', needsColorStock: true, needsDeclarations: true, page: 1 }).toString(),
    ).toBe('needs=colour-stock&needs=declarations');
  });
});
