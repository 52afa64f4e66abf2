/**
 * The built index.html cut where a server-rendered page puts its own parts: its head tags
 * replace the shell's title and description, its markup goes inside #root, and the store it
 * was rendered from follows for the browser to start with.
 */
export interface PageTemplate {
  /** From the doctype to just before `</head>`, without the shell's title and description. */
  head: string;
  /** From `</head>` to the opening of #root. */
  bodyStart: string;
  /** After the closing of #root, to the end. */
  end: string;
}

const ROOT = '<div id="root"></div>';

export function parsePageTemplate(html: string): PageTemplate {
  const withoutShellHead = html
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta\s+name="description"[\s\S]*?\/?>/, '')
    // The page's content is in the HTML: there is nothing to say to those without JavaScript.
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  const headEnd = withoutShellHead.indexOf('</head>');
  const root = withoutShellHead.indexOf(ROOT);
  if (headEnd < 0 || root < headEnd) throw new Error('index.html has no </head> followed by <div id="root"></div>');
  return {
    head: withoutShellHead.slice(0, headEnd),
    bodyStart: withoutShellHead.slice(headEnd, root) + '<div id="root">',
    end: withoutShellHead.slice(root + ROOT.length),
  };
}

/**
 * What React writes first when it renders a page: the tags it hoists (the page's <title>, and
 * <link rel="preload"> of its first picture). They belong in <head>: the links go there, and
 * the title is the head's own already.
 */
export function splitHoisted(markup: string): { links: string; rest: string } {
  const leading = /^(?:<title>[^<]*<\/title>|<link\b[^>]*\/?>|<meta\b[^>]*\/?>)+/.exec(markup)?.[0] ?? '';
  const links = leading.match(/<link\b[^>]*\/?>/g) ?? [];
  return { links: links.join(''), rest: markup.slice(leading.length) };
}
