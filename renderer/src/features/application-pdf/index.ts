// The application-pdf feature's public entry (issue 27 item 4): what other features and app/ use from it.
// Lazy pages and widgets are imported from their own modules (each import() is a code-split point).
export { DownloadApplication } from './components/download-application';
export { ApplicationPdfLink } from './components/application-pdf-link';
export { printOnKiosk } from './components/print-application';
