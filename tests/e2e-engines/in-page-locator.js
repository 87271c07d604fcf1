/* global document, Node, getComputedStyle */
/* eslint-disable @typescript-eslint/no-unused-expressions -- the file is one function expression, evaluated in the page */
// Runs inside the page under test, in every engine: finds one element by what an applicant (or a
// screen reader) knows of it, its role and accessible name, its label, or its text, and marks it so
// that the driver can act on it with the engine's own input (typing, clicks, taps, file choosers).
// A simplified accessible-name computation (aria-labelledby, aria-label, <label>, <legend>, content),
// the same in all engines, so a journey does not depend on each driver's idea of a locator.
(function locateForJourney(query) {
  const norm = (text) => text.replace(/\s+/g, ' ').trim();
  const hidden = (el) => {
    if (el.getAttribute('aria-hidden') === 'true' || el.hidden) return true;
    const style = getComputedStyle(el);
    return style.display === 'none';
  };
  const textOf = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (node.nodeType !== Node.ELEMENT_NODE || hidden(node)) return '';
    const tag = node.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'SCRIPT' || tag === 'STYLE') return '';
    if (tag === 'IMG') return node.getAttribute('alt') || '';
    return Array.from(node.childNodes).map(textOf).join(tag === 'BR' ? ' ' : '');
  };
  const roleOf = (el) => {
    const explicit = el.getAttribute('role');
    if (explicit) return explicit.split(' ')[0];
    const tag = el.tagName.toLowerCase();
    if (tag === 'a') return el.hasAttribute('href') ? 'link' : null;
    if (tag === 'button') return 'button';
    if (tag === 'input') {
      const type = (el.getAttribute('type') || 'text').toLowerCase();
      if (type === 'checkbox' || type === 'radio') return type;
      if (type === 'button' || type === 'submit' || type === 'reset') return 'button';
      if (type === 'file') return 'file';
      if (type === 'hidden') return null;
      return el.hasAttribute('list') ? 'combobox' : 'textbox';
    }
    if (tag === 'textarea') return 'textbox';
    if (tag === 'select') return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
    if (tag === 'fieldset') return 'group';
    if (tag === 'dialog') return 'dialog';
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'nav') return 'navigation';
    if (tag === 'option') return 'option';
    if (tag === 'li') return 'listitem';
    if (tag === 'section' && (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby'))) return 'region';
    return null;
  };
  const FROM_CONTENT = ['button', 'link', 'tab', 'option', 'heading', 'checkbox', 'radio', 'menuitem', 'cell'];
  const nameOf = (el) => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) {
      return norm(labelledBy.split(/\s+/).map((id) => {
        const ref = document.getElementById(id);
        return ref ? textOf(ref) || ref.getAttribute('aria-label') || '' : '';
      }).join(' '));
    }
    const label = el.getAttribute('aria-label');
    if (label && label.trim()) return norm(label);
    if (el.labels && el.labels.length > 0) return norm(Array.from(el.labels).map(textOf).join(' '));
    if (el.tagName === 'FIELDSET') {
      const legend = el.querySelector(':scope > legend');
      if (legend) return norm(textOf(legend));
    }
    if (el.tagName === 'INPUT' && ['button', 'submit', 'reset'].includes(el.type)) return norm(el.value);
    if (FROM_CONTENT.includes(roleOf(el))) return norm(textOf(el));
    return norm(el.getAttribute('title') || '');
  };
  const visible = (el) => {
    if (el.getClientRects().length === 0) return el.type === 'file';
    return getComputedStyle(el).visibility !== 'hidden';
  };
  const matches = (el, q) => {
    if (q.label !== undefined) return ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName) && nameOf(el) === q.label;
    if (q.role !== undefined && roleOf(el) !== q.role) return false;
    if (q.name !== undefined && nameOf(el) !== q.name) return false;
    if (q.level !== undefined && Number(el.getAttribute('aria-level') || el.tagName.slice(1)) !== q.level) return false;
    if (q.namePrefix !== undefined && !nameOf(el).startsWith(q.namePrefix)) return false;
    if (q.text !== undefined) {
      const own = norm(textOf(el));
      if (!own.includes(q.text)) return false;
      // The innermost element holding the text, not each of its ancestors.
      return !Array.from(el.children).some((child) => norm(textOf(child)).includes(q.text));
    }
    return true;
  };
  const all = (q) => {
    const scopes = q.within ? all(q.within) : [document];
    const found = [];
    for (const scope of scopes) {
      for (const el of scope.querySelectorAll('*')) if (matches(el, q) && visible(el) && !found.includes(el)) found.push(el);
    }
    return found;
  };
  const found = all(query);
  if (found.length !== 1) return { count: found.length };
  const el = found[0];
  if (!el.dataset.journeyId) el.dataset.journeyId = String(Math.random()).slice(2);
  return { count: 1, selector: `[data-journey-id="${el.dataset.journeyId}"]`, name: nameOf(el), value: 'value' in el ? el.value : null, focused: document.activeElement === el };
})
