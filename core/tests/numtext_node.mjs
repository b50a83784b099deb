// The other half of numtext_check --node: JavaScript's String(x) of the doubles it is sent.
//
// Reads batches from stdin: a little-endian uint32 count n, then n little-endian doubles (8 bytes each).
// Answers each with a uint32 byte count, then String(x) of each double, one a line. Ends at end of input.
import { readSync, writeSync } from 'node:fs';

function readExactly(buffer, length) {
  let got = 0;
  while (got < length) {
    const n = readSync(0, buffer, got, length - got, null);
    if (n === 0) return got;
    got += n;
  }
  return got;
}

const header = Buffer.alloc(4);
let input = Buffer.alloc(0), output = Buffer.alloc(0);
for (;;) {
  if (readExactly(header, 4) < 4) break;
  const count = header.readUInt32LE(0);
  if (input.length < count * 8) input = Buffer.alloc(count * 8);
  if (readExactly(input, count * 8) < count * 8) throw new Error('numtext_node: a batch ended early');
  const doubles = new Float64Array(input.buffer, input.byteOffset, count);
  if (output.length < 4 + count * 26) output = Buffer.alloc(4 + count * 26);
  let at = 4;
  for (let i = 0; i < count; i++) {
    at += output.latin1Write(String(doubles[i]), at);
    output[at++] = 10;
  }
  output.writeUInt32LE(at - 4, 0);
  let sent = 0;
  while (sent < at) sent += writeSync(1, output, sent, at - sent);
}
