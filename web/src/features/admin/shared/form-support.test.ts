import { ApiError } from '../../../lib/http.ts';
import {
  changedFields,
  fieldErrorsFrom,
  issuesFromSchema,
  issuesOf,
  readNumber,
  type FieldIssue,
} from './form-support.ts';

const labels = { name: 'Name', price: 'Price', 'sizes.*.stock': 'Stock', value: 'Discount (%)', code: 'Code' };

describe('fieldErrorsFrom', () => {
  it.each([
    ['a fragment gets the label', { path: 'name', message: 'is required' }, 'name', 'Name is required.'],
    [
      'a message naming its key gets the label instead',
      { path: 'value', message: 'value must be 100 or less.' },
      'value',
      'Discount (%) must be 100 or less.',
    ],
    [
      'a key that is the label already reads the same',
      { path: 'code', message: 'code must be 3 to 40 characters.' },
      'code',
      'Code must be 3 to 40 characters.',
    ],
    [
      'a sentence stays as it is',
      { path: 'price', message: 'A percentage coupon takes 1 to 100 percent off.' },
      'price',
      'A percentage coupon takes 1 to 100 percent off.',
    ],
    [
      'an entry finds its label with * for the index',
      { path: 'sizes.2.stock', message: 'must not be negative' },
      'sizes.2.stock',
      'Stock must not be negative.',
    ],
    [
      'an unknown path is its own label',
      { path: 'isActive', message: 'must be true or false' },
      'isActive',
      'isActive must be true or false.',
    ],
  ] as [string, FieldIssue, string, string][])('%s', (_name, issue, path, expected) => {
    expect(fieldErrorsFrom([issue], labels)).toEqual({ [path]: expected });
  });

  it('keeps the first message for a path', () => {
    const errors = fieldErrorsFrom(
      [
        { path: 'price', message: 'is required' },
        { path: 'price', message: 'must be at least 1' },
      ],
      labels,
    );
    expect(errors).toEqual({ price: 'Price is required.' });
  });
});

describe('issuesFromSchema and issuesOf', () => {
  it("joins a schema issue's path with dots, as the server does", () => {
    expect(issuesFromSchema([{ path: ['sizes', 0, 'stock'], message: 'x' }])).toEqual([
      { path: 'sizes.0.stock', message: 'x' },
    ]);
  });

  it("reads a failed request's issues, and none from anything else", () => {
    const issues = [{ path: 'name', message: 'is required' }];
    expect(issuesOf(new ApiError('Invalid body', { status: 400, code: 'VALIDATION_FAILED', issues }))).toEqual(issues);
    expect(issuesOf(new Error('boom'))).toEqual([]);
  });
});

describe('readNumber', () => {
  it.each([
    ['', null, 0],
    ['  ', null, 0],
    ['12', 12, 0],
    [' 49.5 ', 49.5, 0],
    ['abc', null, 1],
  ])('%j reads as %j with %i issue(s)', (text, value, issueCount) => {
    const issues: FieldIssue[] = [];
    expect(readNumber(text, 'price', issues)).toBe(value);
    expect(issues).toHaveLength(issueCount);
  });
});

describe('changedFields', () => {
  it('keeps only the fields whose value differs, lists compared by content', () => {
    const initial = { name: 'Oxford', price: 1199, colors: ['white'], sizes: [{ size: 'M', stock: 3 }] };
    expect(changedFields({ ...initial, colors: ['white'] }, initial)).toEqual({});
    expect(changedFields({ ...initial, price: 999, sizes: [{ size: 'M', stock: 4 }] }, initial)).toEqual({
      price: 999,
      sizes: [{ size: 'M', stock: 4 }],
    });
  });
});
