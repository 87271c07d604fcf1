/**
 * A copy of exactly the bytes of a view, in an ArrayBuffer of its own and of their length. What
 * crosses a thread or process boundary is made by this and nothing else: a small Buffer is a view
 * of Node's shared pool, and sending or transferring its backing store hands over whatever else
 * sits in that pool (other applicants' documents included).
 */
export function exactCopy(bytes: Uint8Array): Buffer {
  const copy = Buffer.alloc(bytes.byteLength);
  copy.set(bytes);
  return copy;
}

/** Whether a view is the whole of its backing store, so nothing but its own bytes can travel with it. */
export function ownsItsBuffer(bytes: Uint8Array): boolean {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
}
