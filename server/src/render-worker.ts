// The rendering thread's entry (see rendering.ts): writes emails and draws tax documents.
import { renderMessage } from '@shop/emails';
import { lowerThisThreadsPriority, serveCalls } from './lib/worker-thread.ts';
import { renderTaxDocument } from './modules/invoices/invoice-pdf.ts';

// Messages wait in the outbox anyway: when the cores are busy, requests come first.
lowerThisThreadsPriority();
serveCalls({ renderMessage, renderTaxDocument });
