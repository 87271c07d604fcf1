// VERP (variable envelope return path): each mail's envelope sender names the mail, so a bounce
// that comes back to it says which mail it is about even when it quotes nothing of the mail.

const MAIL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** MAIL_BOUNCE_ADDRESS `bounces@grad.example.edu` and mail `<id>` → `bounces+<id>@grad.example.edu`. */
export function verpAddress(bounceAddress: string, mailId: string): string {
  const at = bounceAddress.lastIndexOf('@');
  return `${bounceAddress.slice(0, at)}+${mailId}${bounceAddress.slice(at)}`;
}

/** The mail id a header value's VERP address names (`Name <bounces+<id>@…>` too), or null. */
export function mailIdFromVerp(bounceAddress: string, headerValue: string): string | null {
  const at = bounceAddress.lastIndexOf('@');
  const local = bounceAddress.slice(0, at).toLowerCase();
  const domain = bounceAddress.slice(at + 1).toLowerCase();
  // Split, not matched: a pattern around '@' backtracks over a long run without one (a hostile header).
  for (const address of headerValue.split(/[\s<>,;"]+/).filter((word) => word.includes('@'))) {
    const [user, host] = [address.slice(0, address.lastIndexOf('@')), address.slice(address.lastIndexOf('@') + 1)];
    const plus = user.indexOf('+');
    if (plus < 0 || host.toLowerCase() !== domain || user.slice(0, plus).toLowerCase() !== local) continue;
    const id = user.slice(plus + 1);
    if (MAIL_ID.test(id)) return id.toLowerCase();
  }
  return null;
}

/** A quoted X-Gradapp-Mail-Id value, if it is one of the outbox's ids. */
export function mailIdFromHeader(value: string): string | null {
  const id = value.trim().replace(/^<|>$/g, '');
  return MAIL_ID.test(id) ? id.toLowerCase() : null;
}
