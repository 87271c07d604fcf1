/**
 * RC4, the cipher of PDF encryption before AES (security handler revisions 2 to 4). Written out
 * because OpenSSL 3, under node:crypto, keeps RC4 in its legacy provider, which Node does not load.
 * Encrypting and decrypting are the same operation.
 */
export function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const state = new Uint8Array(256);
  for (let i = 0; i < 256; i += 1) state[i] = i;
  for (let i = 0, j = 0; i < 256; i += 1) {
    j = (j + state[i]! + key[i % key.length]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k += 1) {
    i = (i + 1) & 0xff;
    j = (j + state[i]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
    out[k] = data[k]! ^ state[(state[i]! + state[j]!) & 0xff]!;
  }
  return out;
}
