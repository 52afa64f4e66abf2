export * from './data.ts';
export { renderMessage, type RenderedMessage } from './render.ts';
export { shopUrl, type RenderContext } from './layout.tsx';
