// The layout feature's public entry (issue 27 item 4): what other features and app/ use from it.
// Lazy pages and widgets are imported from their own modules (each import() is a code-split point).
export { AlmostFinished } from './components/almost-finished';
export { AuthLayout } from './components/auth-layout';
export { FormLayout } from './components/form-layout';
export { FormPage } from './components/form-page';
export { greetingChunk } from './components/greeting-chunks';
export { ShortOnPhone } from './components/short-on-phone';
