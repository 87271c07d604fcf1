import { useEffect, useState } from 'react';

/** Deliberate input: a touch, a click or a key (not a pointer drifting over the screen). */
const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Whether someone has touched the page since it loaded, while `watching`. The kiosk's idle clock
 * starts with the first person: an untouched start page is not warned about or reset (the shell's
 * backstop is armed the same way, electron/kiosk/idle-reset.ts).
 */
export function useFirstInput(watching: boolean): boolean {
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!watching || touched) return;
    const onInput = () => setTouched(true);
    const options = { capture: true, passive: true };
    for (const type of FIRST_INPUT_EVENTS) window.addEventListener(type, onInput, options);
    return () => {
      for (const type of FIRST_INPUT_EVENTS) window.removeEventListener(type, onInput, options);
    };
  }, [watching, touched]);
  return touched;
}
