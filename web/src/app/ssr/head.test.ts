import { headTags, plainHead, scriptJson, shortDescription } from './head.ts';

describe('page heads', () => {
  it.each([
    ['short text stays', 'A navy shirt.', 160, 'A navy shirt.'],
    ['spaces fold', 'A  navy\n\tshirt.', 160, 'A navy shirt.'],
    ['long text is cut at a word', 'one two three four five six', 14, 'one two three…'],
    ['trailing punctuation goes before the ellipsis', 'one two, three four', 10, 'one two…'],
  ])('%s', (_case, text, max, expected) => {
    const cut = shortDescription(text, max);
    expect(cut).toBe(expected);
    expect(cut.length).toBeLessThanOrEqual(max);
  });

  it('writes JSON that no text inside can end the script element with', () => {
    const json = scriptJson({ name: '</script><script>alert(1)</script><!--', line: '\u2028' });
    expect(json).not.toMatch(/<|>|\u2028/);
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script><!--', line: '\u2028' });
  });

  it('escapes every attribute and the title', () => {
    const html = headTags(plainHead('https://shop.example', '/policies', 'A "b" <c> & d', 'x"><script>'));
    expect(html).toContain('<title>A &quot;b&quot; &lt;c&gt; &amp; d · KAPAS</title>');
    expect(html).toContain('content="x&quot;&gt;&lt;script&gt;"');
    expect(html).not.toContain('<script>"');
  });
});
