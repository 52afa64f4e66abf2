import { render, toPlainText } from '@react-email/render';
import type { MessageTemplate } from '@shop/core';
import { parseMessageData } from './data.ts';
import type { RenderContext } from './layout.tsx';
import { definitions, type MessageDefinition } from './templates/index.tsx';

export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
}

/**
 * Writes a message: its subject, its HTML part and its plain-text part (the same words and
 * links, from the same render). Throws when the data does not fit the template.
 */
export async function renderMessage(
  template: MessageTemplate,
  data: unknown,
  context: RenderContext,
): Promise<RenderedMessage> {
  const parsed = parseMessageData(template, data);
  const definition = definitions[template] as MessageDefinition<typeof template>;
  const html = await render(definition.body(parsed as never, context));
  // The preview line is for mail apps' lists, not for the reader of the text part.
  const text = toPlainText(html, {
    selectors: [
      { selector: '[data-skip-in-text=true]', format: 'skip' },
      // A line of the order, or of its totals, reads as one line of text: what, then how much.
      { selector: 'table.text-row', format: 'dataTable', options: { maxColumnWidth: 50 } },
    ],
  })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { subject: definition.subject(parsed as never), html, text };
}
