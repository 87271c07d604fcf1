// Real files for the document-conversion tests and benchmark, built in code so that no binary
// fixture hides what it contains: PDFs (@cantoo/pdf-lib, and by hand for damaged or odd ones),
// PNG (node:zlib), baseline JPEG (a small encoder), and DOCX packages (OOXML in a zip written here).
// One module per kind of file; this entry is what the tests and benches import.
export * from './zip';
export * from './png';
export * from './jpeg';
export * from './pdf';
export * from './docx';
export * from './checked';
