import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandColors as c, brandFonts, idSchema, STORE_NAME } from '@shop/core';
import { z } from 'zod';
import { demoAccessHook, type DemoRequestsFrom } from '../../plugins/demo-access.ts';
import * as service from './messages.service.ts';

/** How many of the newest messages the list shows. */
const MAILBOX_SIZE = 200;

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch as '&'],
  );

// The page loads nothing: its own styles inline, and the message in a sandboxed frame that
// inherits this policy (no scripts there either). Never framed, never indexed.
const pageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-robots-tag': 'noindex, nofollow',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
};

const styles = `
  body { margin: 0; background: ${c.paper}; color: ${c.ink}; font-family: ${brandFonts.sans}; }
  header { background: ${c.ink}; color: #fff; padding: 16px 24px; display: flex; align-items: baseline; gap: 16px; flex-wrap: wrap; }
  header a { color: #fff; text-decoration: none; font-family: ${brandFonts.display}; font-size: 22px; letter-spacing: .18em; }
  header span { color: rgba(255,255,255,.75); font-size: 13px; }
  main { max-width: 1100px; margin: 0 auto; padding: 24px; }
  h1 { font-family: ${brandFonts.display}; font-weight: 400; font-size: 30px; margin: 0 0 8px; }
  p.note { color: ${c.muted}; font-size: 14px; margin: 0 0 20px; }
  table { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid ${c.line}; border-radius: 12px; overflow: hidden; font-size: 14px; }
  th, td { text-align: left; padding: 10px 12px; border-bottom: 1px solid ${c.line}; vertical-align: top; }
  th { background: ${c.sand}; font-size: 12px; letter-spacing: .08em; text-transform: uppercase; color: ${c.muted}; }
  main a, td a { color: ${c.accent}; }
  .status { display: inline-block; padding: 2px 8px; border-radius: 999px; font-size: 12px; background: ${c.sand}; }
  .status.sent { background: #e3f1e8; color: ${c.success}; }
  .status.failed { background: #f9e1df; color: ${c.sale}; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; font-size: 14px; margin: 0 0 20px; }
  dt { color: ${c.muted}; }
  dd { margin: 0; word-break: break-all; }
  iframe { width: 100%; height: 900px; border: 1px solid ${c.line}; border-radius: 12px; background: #fff; }
  pre { white-space: pre-wrap; background: #fff; border: 1px solid ${c.line}; border-radius: 12px; padding: 16px; font-size: 13px; }
  h2 { font-size: 16px; margin: 28px 0 10px; }
  ul.links a { color: ${c.accent}; word-break: break-all; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escape(title)} · ${STORE_NAME} development mailbox</title>
<style>${styles}</style>
</head>
<body>
<header><a href="/dev/mailbox">${STORE_NAME}</a><span>Development mailbox: messages are kept here, no email leaves this machine</span></header>
<main>
${body}
</main>
</body>
</html>`;
}

const statusBadge = (status: string) => `<span class="status ${escape(status)}">${escape(status)}</span>`;

/** The addresses a message links to, in order, once each. */
function linksIn(html: string): string[] {
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  return [...new Set(hrefs.filter((href) => /^https?:\/\//.test(href)))];
}

/**
 * /dev/mailbox: every message the shop "sent" in demo mode, newest first, and each one's HTML
 * and text. A demo feature: mounted only when the development mailbox is the transport, and
 * answering only this machine unless DEMO_FEATURES=on (as the sandbox payment route).
 */
const mailboxRoutesPlugin: FastifyPluginAsyncZod<{ demoRequestsFrom: DemoRequestsFrom }> = async (
  app,
  { demoRequestsFrom },
) => {
  const { db } = app;
  app.addHook('onRequest', demoAccessHook(demoRequestsFrom));

  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await service.mailboxMessages(db, MAILBOX_SIZE);
    const body = rows.length
      ? `<table>
<thead><tr><th>When</th><th>To</th><th>Subject</th><th>Template</th><th>Status</th></tr></thead>
<tbody>
${rows
  .map(
    (m) => `<tr>
<td><time datetime="${escape(m.created_at)}">${escape(m.created_at.replace('T', ' ').slice(0, 19))} UTC</time></td>
<td>${escape(m.recipient)}</td>
<td><a href="/dev/mailbox/${escape(m.id)}">${escape(m.subject ?? '(not written yet)')}</a></td>
<td>${escape(m.template)}</td>
<td>${statusBadge(m.status)}</td>
</tr>`,
  )
  .join('\n')}
</tbody>
</table>`
      : '<p>No messages yet.</p>';
    return reply
      .headers(pageHeaders)
      .send(
        page(
          'Mailbox',
          `<h1>Mailbox</h1><p class="note">Every message the shop sent, newest first (the latest ${MAILBOX_SIZE}).</p>${body}`,
        ),
      );
  });

  app.get('/:id', { schema: { hide: true, params: z.object({ id: idSchema }) } }, async (request, reply) => {
    const m = await service.mailboxMessage(db, request.params.id);
    const facts = `<dl>
<dt>To</dt><dd>${escape(m.recipient)}</dd>
<dt>Subject</dt><dd>${escape(m.subject ?? '(not written yet)')}</dd>
<dt>Template</dt><dd>${escape(m.template)}</dd>
<dt>Status</dt><dd>${statusBadge(m.status)}${m.last_error ? ` ${escape(m.last_error)}` : ''}</dd>
<dt>Queued</dt><dd>${escape(m.created_at)}</dd>
<dt>Sent</dt><dd>${escape(m.sent_at ?? '-')}</dd>
</dl>`;
    const content =
      m.html !== null && m.text !== null
        ? `<h2>Links</h2>
<ul class="links">${linksIn(m.html)
            .map((href) => `<li><a href="${escape(href)}" rel="noreferrer">${escape(href)}</a></li>`)
            .join('')}</ul>
<h2>HTML</h2>
<iframe title="The message as HTML" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escape(m.html)}"></iframe>
<h2>Text</h2>
<pre>${escape(m.text)}</pre>`
        : '<p class="note">Not delivered yet: it shows here once the outbox worker has sent it.</p>';
    return reply
      .headers(pageHeaders)
      .send(
        page(
          m.subject ?? 'Message',
          `<p><a href="/dev/mailbox">← All messages</a></p><h1>${escape(m.subject ?? 'Message')}</h1>${facts}${content}`,
        ),
      );
  });
};

export const mailboxRoutes = fp(mailboxRoutesPlugin, {
  name: 'mailbox-routes',
  dependencies: ['database'],
  encapsulate: true,
});
