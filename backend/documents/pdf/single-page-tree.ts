import { PDFDict, PDFName, PDFPageLeaf, PDFPageTree, PDFRef, type PDFDocument } from '@cantoo/pdf-lib';

/**
 * Mends a catalog whose /Pages is a page instead of a page tree (pdf.js's issue 21436, from a real
 * producer): readers show it as a one-page document, while pdf-lib cannot walk it. The page is put
 * under a new tree of one. True when the document was mended, so its bytes must not be kept as they are.
 */
export function mendSinglePageTree(document: PDFDocument): boolean {
  const { catalog, context } = document;
  // A file without a catalog (none, or not a dictionary) is not one to mend; copying its pages refuses it as damaged.
  if (!(catalog instanceof PDFDict)) return false;
  const entry = catalog.get(PDFName.of('Pages'));
  const node = context.lookup(entry);
  if (!(node instanceof PDFPageLeaf) && !(node instanceof PDFDict && node.lookup(PDFName.of('Type')) === PDFName.of('Page'))) return false;
  const pageRef = entry instanceof PDFRef ? entry : context.register(node as PDFDict);
  // A PDFPageTree, as pdf-lib's parser makes of every /Pages node, so pdf-lib can walk it.
  const tree = PDFPageTree.withContext(context);
  const treeRef = context.register(tree);
  tree.pushLeafNode(pageRef);
  (node as PDFDict).set(PDFName.of('Parent'), treeRef);
  catalog.set(PDFName.of('Pages'), treeRef);
  return true;
}
