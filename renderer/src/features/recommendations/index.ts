// The recommendations feature's public entry (issue 28 item 2). Its screens are lazy: app/ imports
// their modules with import(), each a code-split point, so none is in the entry chunk.
export { LettersSection } from './components/letters-section';
export { RecommendPage } from './components/recommend-page';
