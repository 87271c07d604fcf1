import { PDFArray, PDFDict, PDFName, PDFNumber, PDFString, type PDFDocument, type PDFPage, type PDFRef } from '@cantoo/pdf-lib';

/**
 * Puts the pages of each appended document into the form's structure tree, after the form, as
 * one Sect per document: each page's whole content becomes one marked-content sequence of its
 * Sect. Assistive technology reads a tagged PDF by its tree and skips untagged content, so
 * without this the documents would be silent. A converted document keeps its own marks inside;
 * the page's old StructParents (the source's tree, not copied) gives way to ours.
 * Does nothing when the form part carries no structure tree.
 */
export function tagAppendedPages(pdf: PDFDocument, documents: readonly (readonly PDFPage[])[]): void {
  const { context, catalog } = pdf;
  const treeRoot = catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
  const documentRef = treeRoot?.lookupMaybe(PDFName.of('K'), PDFArray)?.get(0) as PDFRef | undefined;
  const documentElement = documentRef && context.lookupMaybe(documentRef, PDFDict);
  const parentTree = treeRoot?.lookupMaybe(PDFName.of('ParentTree'), PDFDict);
  const nums = parentTree?.lookupMaybe(PDFName.of('Nums'), PDFArray);
  if (!treeRoot || !documentRef || !documentElement || !nums) return;
  const documentKids = documentElement.lookupMaybe(PDFName.of('K'), PDFArray) ?? context.obj([]);
  documentElement.set(PDFName.of('K'), documentKids);
  let nextKey = treeRoot.lookupMaybe(PDFName.of('ParentTreeNextKey'), PDFNumber)?.asNumber() ?? 0;

  documents.forEach((pages, index) => {
    const sect = context.obj({ Type: 'StructElem', S: 'Sect', P: documentRef, K: [], T: PDFString.of(`Appended document ${index + 1}`) });
    const sectRef = context.register(sect);
    const kids = sect.lookup(PDFName.of('K'), PDFArray);
    for (const page of pages) {
      const begin = context.register(context.stream('/Sect <</MCID 0>> BDC\n'));
      const end = context.register(context.stream('\nEMC\n'));
      const contents = page.node.get(PDFName.of('Contents'));
      const existing = contents ? context.lookup(contents) : undefined;
      const streams = existing instanceof PDFArray ? existing.asArray() : contents ? [contents] : [];
      page.node.set(PDFName.of('Contents'), context.obj([begin, ...streams, end]));
      page.node.set(PDFName.of('StructParents'), PDFNumber.of(nextKey));
      nums.push(PDFNumber.of(nextKey));
      nums.push(context.obj([sectRef]));
      nextKey += 1;
      kids.push(context.obj({ Type: 'MCR', Pg: page.ref, MCID: 0 }));
    }
    documentKids.push(sectRef);
  });
  treeRoot.set(PDFName.of('ParentTreeNextKey'), PDFNumber.of(nextKey));
}
