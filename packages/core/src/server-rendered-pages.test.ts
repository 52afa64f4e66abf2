import { describe, expect, it } from 'vitest';
import { fixedServerRenderedPaths, serverRenderedPaths } from './server-rendered-pages.ts';

describe('server-rendered pages', () => {
  it('the fixed pages are the list without its pattern pages, in order', () => {
    expect(serverRenderedPaths).toContain('/product/:id');
    expect(fixedServerRenderedPaths).toEqual(['/', '/products', '/collaboration', '/policies', '/seller', '/privacy']);
  });
});
