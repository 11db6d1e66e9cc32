/**
 * ZIPs made to lie, for the tests of the page's ZIP reading and the zip-bomb bench: never imported by the
 * page. Each works on a ZIP fflate wrote (no comment, no ZIP64).
 */

/** Every central directory record of the ZIP, by where it starts. */
export function centralRecords(zip: Uint8Array): number[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  let at = view.getUint32(end + 16, true);
  const records: number[] = [];
  for (let i = 0; i < view.getUint16(end + 10, true); i += 1) {
    records.push(at);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return records;
}

/** The ZIP with each central directory record declaring `size` unpacked, whatever its file unpacks to. */
export function declaring(zip: Uint8Array, size: number): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  for (const at of centralRecords(copy)) view.setUint32(at + 24, size, true);
  return copy;
}

/** The parts one after another, as one array. */
export function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
