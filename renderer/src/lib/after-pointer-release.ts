/**
 * Runs a change of layout once the pointer that is pressed now is released and its click is over
 * (issue 33, item 2). A field left by pressing on another control checks its answer at once, but
 * a message it shows then moves what is under the pointer between the press and the click: the
 * Gender radios under the e-mail moved 30 px, and "Female" was never chosen. Mouse events count
 * too, since a touch presses (mousedown, the field's blur) after its pointerup.
 */
let pressed = false;
let waiting: (() => void)[] = [];
let watching = false;

function release() {
  pressed = false;
  // After the click that follows this release, in the same task, has gone to what was pressed.
  setTimeout(() => {
    if (pressed) return;
    const run = waiting;
    waiting = [];
    for (const each of run) each();
  }, 0);
}

const press = () => {
  pressed = true;
};

/** Starts following presses (once, for the page's lifetime); called before any field can be left. */
export function watchPointer(target: Pick<Window, 'addEventListener'> = window): void {
  if (watching) return;
  watching = true;
  for (const type of ['pointerdown', 'mousedown'] as const) target.addEventListener(type, press, true);
  for (const type of ['pointerup', 'pointercancel', 'mouseup'] as const) target.addEventListener(type, release, true);
  // The window losing focus mid-press (its release is then never seen); not a field's blur, which passes by too.
  target.addEventListener('blur', (event) => event.target === target && release(), true);
}

/** Runs `change` now, or after the pressed pointer's release and click. */
export function afterPointerRelease(change: () => void): void {
  if (!pressed) return change();
  waiting.push(change);
}
