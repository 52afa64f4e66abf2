import { categoryOptions } from './categories.ts';

describe('categoryOptions', () => {
  it('lists each top level by name with its sub-categories under it, naming the parent', () => {
    const options = categoryOptions([
      { _id: 'shirts', name: "Men's Shirts", parentId: 'mens' },
      { _id: 'jewelery', name: 'Jewelery', parentId: null },
      { _id: 'mens', name: "Men's clothing", parentId: null },
      { _id: 'tees', name: "Men's T-Shirts", parentId: 'mens' },
      { _id: 'oxford', name: 'Oxford', parentId: 'shirts' },
    ]);
    expect(options).toEqual([
      { _id: 'jewelery', label: 'Jewelery' },
      { _id: 'mens', label: "Men's clothing" },
      { _id: 'shirts', label: "Men's clothing › Men's Shirts" },
      { _id: 'oxford', label: "Men's clothing › Men's Shirts › Oxford" },
      { _id: 'tees', label: "Men's clothing › Men's T-Shirts" },
    ]);
  });

  it('never leaves a category out: an unknown parent counts as none, and a loop stops', () => {
    const options = categoryOptions([
      { _id: 'orphan', name: 'Orphan', parentId: 'gone' },
      { _id: 'a', name: 'A', parentId: 'b' },
      { _id: 'b', name: 'B', parentId: 'a' },
    ]);
    expect(options).toEqual([
      { _id: 'orphan', label: 'Orphan' },
      { _id: 'a', label: 'A' },
      { _id: 'b', label: 'A › B' },
    ]);
  });
});
