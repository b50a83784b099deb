// jsmath_gen: draws arguments for Math.sin/cos/atan2/acos/pow over named ranges and evaluates them in
// Node, the reference for core/src/jsmath.c.
//
//   node oracle/jsmath_gen.mjs check N BIN [--seed S] [--fn sin,cos,atan2,acos,pow]
//       streams N arguments per function through `BIN jsmath FN`, compares the bits with Node's,
//       prints a table of mismatches by function and range; exit 1 on any mismatch. `pow-libm` (not
//       in the default list) sends pow's pairs to `BIN jsmath pow-libm`, the C library's pow: the
//       rejected reading, measured.
//   node oracle/jsmath_gen.mjs lines FN N [--seed S]
//       prints `range arg... result` lines (hex bit patterns) for FN.
//   node oracle/jsmath_gen.mjs vectors DIR [N] [--seed S]
//       writes the binary vector files the unit test reads (format below): sincos.bin (x, sin x,
//       cos x), acos.bin (x, acos x), atan2.bin (y, x, atan2(y, x)), pow.bin (x, y, x ** y), N
//       arguments each.
//   node oracle/jsmath_gen.mjs boundary DIR
//       writes boundary_sincos.bin, boundary_atan2.bin, boundary_acos.bin and boundary_pow.bin (same format and
//       records): arguments enumerated at the edges of core/src/jsmath.c's fast paths and methods
//       (named sets below, "boundary vectors"); deterministic, independent of --seed.
//
// Vector file format, little-endian: magic "JSMVEC1\n"; u32 nargs, nres, nranges, count; nranges
// times { char name[24] NUL-padded; u32 count }; then count records of nargs + nres doubles. The
// records are grouped by range, in the order of the range table.
//
// Arguments are deterministic for a seed (xoshiro128** on 32-bit halves); built from bit patterns,
// so no transcendental function shapes the sample (but pow's near-overflow pairs, aimed with
// Math.log2: only the arguments, the results are Node's as always). Every NaN result is written as
// 7ff8000000000000: JavaScript has one NaN.
import { spawn } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

// ---- bits of doubles ----
const SCR = new ArrayBuffer(8);
const SF = new Float64Array(SCR);
const SU = new Uint32Array(SCR); // little-endian: SU[0] low word, SU[1] high word
const TWO32 = 4294967296;

function fromBits(hi, lo) { SU[1] = hi >>> 0; SU[0] = lo >>> 0; return SF[0]; }
function highOf(x) { SF[0] = x; return SU[1]; }
// x moved k units in the last place, in bit space (|k| < 2^32; stays on x's side of zero)
function stepUlps(x, k) {
  SF[0] = x;
  let lo = SU[0] + k, hi = SU[1];
  if (lo >= TWO32) { lo -= TWO32; hi += 1; } else if (lo < 0) { lo += TWO32; hi -= 1; }
  SU[0] = lo; SU[1] = hi >>> 0;
  return SF[0];
}

// ---- xoshiro128** ----
class Rng {
  constructor(seed) {
    // splitmix32 to fill the state
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next(); this.b = next(); this.c = next(); this.d = next();
  }
  u32() {
    const r = Math.imul(rotl(Math.imul(this.b, 5), 7), 9);
    const t = this.b << 9;
    this.c ^= this.a; this.d ^= this.b; this.b ^= this.c; this.a ^= this.d;
    this.c ^= t; this.d = rotl(this.d, 11);
    return r >>> 0;
  }
  int(lo, hi) { return lo + Math.floor(this.unit() * (hi - lo + 1)); } // integer in [lo, hi]
  unit() { return ((this.u32() >>> 5) * 67108864 + (this.u32() >>> 6)) / 9007199254740992; } // [0, 1)
  uniform(a, b) { return a + (b - a) * this.unit(); }
  sign() { return (this.u32() & 1) ? -1 : 1; }
  pick(list) { return list[this.u32() % list.length]; }
  bits() { return fromBits(this.u32(), this.u32()); }
  // |value| with unbiased exponent uniform in [emin, emax] (emin >= -1074: subnormals below -1022)
  // and a random mantissa: log-uniform magnitudes
  pow2(emin, emax) {
    const e = this.int(emin, emax);
    if (e >= -1022) return fromBits(((e + 1023) << 20) | (this.u32() & 0xfffff), this.u32());
    const m = e + 1074; // subnormal with its top set bit at position m
    if (m < 32) return fromBits(0, (2 ** m + (this.u32() % 2 ** m)) >>> 0);
    return fromBits(2 ** (m - 32) + (this.u32() % 2 ** (m - 32)), this.u32());
  }
}
function rotl(x, k) { return (x << k) | (x >>> (32 - k)); }

// ---- values ----
const SPINE_DEG_RAD = 3.1415927 / 180; // spine-core MathUtils.degRad (its PI is 3.1415927)
const MATH_DEG_RAD = Math.PI / 180;
const MAX = Number.MAX_VALUE, MIN_NORMAL = 2.2250738585072014e-308, MIN_SUB = 5e-324;
const MAX_SUB = fromBits(0x000fffff, 0xffffffff);
// SPECIAL includes 6381956970095103 * 2^797, the double closest to a multiple of pi/2
const SPECIAL = [0, -0, Infinity, -Infinity, NaN, MIN_SUB, -MIN_SUB, MAX_SUB, -MAX_SUB, MIN_NORMAL,
  -MIN_NORMAL, MAX, -MAX, 1, -1, 0.5, -0.5, 2, Math.PI, -Math.PI, Math.PI / 2, -Math.PI / 2,
  Math.PI / 4, -Math.PI / 4, 3 * Math.PI / 4, 2 * Math.PI, 0.3, 0.78125, 2 ** -27, 2 ** -28,
  2 ** -57, 2 ** -58, 2 ** 19 * Math.PI / 2, 2 ** 20 * Math.PI / 2, 2 ** 52, 2 ** 53, 2 ** 60,
  2 ** 66, 1e9, 1e15, 1e300, 6381956970095103 * 2 ** 797, fromBits(0x7ff80000, 1),
  fromBits(0xfff00000, 1), 0.975, 1.1875, 2.4375, 0.4375, 0.6875];

// high words where fdlibm changes method, for sin and cos
const SINCOS_EDGES = [0x3e400000, 0x3fd33333, 0x3fe90000, 0x3fe921fb, 0x3ff921fb, 0x4002d97c,
  0x400921fb, 0x4012d97c, 0x401921fb, 0x413921fb, 0x41300000, 0x7fefffff, 0x00100000, 0x3e500000,
  0x404921fb, 0x404858eb, 0x4032d97c, 0x40f921fb, 0x410921fb];

// ---- the ranges: name, weight, and a generator writing the arguments into o[] ----
const SINCOS_RANGES = [
  ['tiny', 1, (r, o) => {
    o[0] = (r.u32() & 1) ? r.uniform(-1e-3, 1e-3) : r.sign() * r.pow2(-1074, -10);
  }],
  ['degrees', 1, (r, o) => {
    const rad = (r.u32() & 3) ? SPINE_DEG_RAD : MATH_DEG_RAD;
    const v = r.u32() % 4;
    let deg;
    if (v === 0) deg = r.int(-7200, 7200);                    // whole degrees
    else if (v === 1) deg = Math.fround(r.uniform(-720, 720)); // float degrees, as stored by rigs
    else deg = r.uniform(-3600, 3600);
    o[0] = (r.u32() & 1) ? (deg + 90) * rad : deg * rad;     // the runtime's (rotation + 90) * degRad
  }],
  ['abs<=3.2', 1, (r, o) => { o[0] = r.uniform(-3.2, 3.2); }],
  ['abs<=1e3', 1, (r, o) => { o[0] = r.uniform(-1e3, 1e3); }],
  ['abs<=1e9', 1, (r, o) => {
    o[0] = (r.u32() & 1) ? r.uniform(-1e9, 1e9) : r.sign() * r.pow2(0, 29);
  }],
  ['abs<=1.8e308', 1, (r, o) => { o[0] = r.sign() * r.pow2(30, 1023); }],
  ['near-n*pi/2', 1, (r, o) => {
    const v = r.u32() % 4;
    let n;
    if (v === 0) n = r.int(1, 64);
    else if (v === 1) n = r.int(1, 2 ** 20);
    else if (v === 2) n = r.int(1, 2 ** 30) * (r.u32() & 1 ? 1 : r.int(1, 2 ** 22));
    else n = Math.floor(r.pow2(0, 1000));
    const x = n * (Math.PI / 2);
    const k = (r.u32() & 1) ? r.int(-4, 4) : r.int(-1000, 1000);
    o[0] = r.sign() * stepUlps(x, k);
  }],
  ['method-edges', 1, (r, o) => {
    const hi = r.pick(SINCOS_EDGES) + r.int(-2, 2);
    const lo = (r.u32() & 1) ? r.u32() : r.pick([0, 1, 0xffffffff, 0x54442d18, 0x54442d19, 0x54442d17]);
    o[0] = r.sign() * fromBits(hi, lo);
  }],
  ['special', 1, (r, o) => {
    const v = r.u32() % 3;
    if (v === 0) o[0] = r.pick(SPECIAL);
    else if (v === 1) o[0] = r.sign() * r.pow2(-1074, -1023); // subnormals
    else o[0] = stepUlps(r.pick(SPECIAL), r.int(-3, 3));
  }],
  ['any-bits', 1, (r, o) => { o[0] = r.bits(); }],
];

const ACOS_RANGES = [
  ['dense[-1,1]', 3, (r, o) => { o[0] = r.uniform(-1, 1); }],
  ['near+-1', 1, (r, o) => {
    const k = (r.u32() & 1) ? r.int(1, 64) : Math.floor(r.pow2(0, 40));
    o[0] = r.sign() * stepUlps(1, -k);
  }],
  ['near+-0.5', 1, (r, o) => {
    o[0] = (r.u32() & 1) ? r.sign() * stepUlps(0.5, r.int(-64, 64)) : r.uniform(-0.55, 0.55);
  }],
  ['tiny', 1, (r, o) => { o[0] = r.sign() * r.pow2(-1074, -2); }],
  ['cos-of-angle', 1, (r, o) => {
    // dot products of unit vectors, as the runtime feeds acos
    const a = r.uniform(-Math.PI, Math.PI), b = r.uniform(-Math.PI, Math.PI);
    o[0] = Math.cos(a) * Math.cos(b) + Math.sin(a) * Math.sin(b);
  }],
  ['outside', 1, (r, o) => {
    const v = r.u32() % 4;
    if (v === 0) o[0] = r.sign() * stepUlps(1, r.int(1, 1000));
    else if (v === 1) o[0] = r.sign() * r.uniform(1, 10);
    else if (v === 2) o[0] = r.sign() * r.pow2(1, 1023);
    else o[0] = r.pick([Infinity, -Infinity, NaN, fromBits(0x7ff00000, 1)]);
  }],
  ['special', 1, (r, o) => {
    o[0] = (r.u32() & 1) ? r.pick(SPECIAL) : stepUlps(r.pick(SPECIAL), r.int(-3, 3));
  }],
  ['any-bits|x|<2', 1, (r, o) => {
    o[0] = fromBits((r.u32() & 0x800fffff) | (r.int(0, 0x3ff) << 20), r.u32());
  }],
];

const ATAN2_SPECIAL = [0, -0, Infinity, -Infinity, NaN, MIN_SUB, -MIN_SUB, MAX_SUB, -MAX_SUB, 1, -1,
  MAX, -MAX, MIN_NORMAL, -MIN_NORMAL, 2, 0.5];
const ATAN2_RANGES = [
  ['quadrants[-10,10]', 2, (r, o) => { o[0] = r.uniform(-10, 10); o[1] = r.uniform(-10, 10); }],
  ['bone-vectors', 1, (r, o) => {
    const a = r.uniform(-Math.PI, Math.PI), len = r.uniform(0, 500);
    o[0] = Math.fround(len * Math.sin(a)); o[1] = Math.fround(len * Math.cos(a));
  }],
  ['magnitudes', 2, (r, o) => { o[0] = r.sign() * r.pow2(-1074, 1023); o[1] = r.sign() * r.pow2(-1074, 1023); }],
  ['ratio~1', 1, (r, o) => {
    const x = r.sign() * r.pow2(-40, 40);
    const v = r.u32() % 3;
    const y = v === 0 ? x : v === 1 ? stepUlps(x, r.int(-100, 100)) : x * r.uniform(0.4, 2.5);
    o[0] = r.sign() * Math.abs(y); o[1] = x;
  }],
  ['ratio~2^+-60', 1, (r, o) => {
    const x = r.sign() * r.pow2(-900, 900);
    const e = r.sign() * r.int(56, 66);
    o[0] = r.sign() * Math.abs(x) * 2 ** e * r.uniform(1, 2); o[1] = x;
    if (r.u32() & 1) { const t = o[0]; o[0] = o[1]; o[1] = t; }
  }],
  ['zeros-infs-nan', 1, (r, o) => {
    const one = () => (r.u32() % 4 === 0) ? r.sign() * r.pow2(-1074, 1023) : r.pick(ATAN2_SPECIAL);
    o[0] = one(); o[1] = one();
  }],
  ['x=1', 1, (r, o) => {
    o[0] = (r.u32() & 1) ? r.uniform(-10, 10) : r.sign() * r.pow2(-1074, 1023); o[1] = 1;
  }],
  ['any-bits', 1, (r, o) => { o[0] = r.bits(); o[1] = r.bits(); }],
];

// pow: the physics constraint computes `damping ** (60 * step)`, step = 1 / fps (fps as the document
// gives it, damping as the document or a float32 timeline key gives it, interpolated and mixed), so
// most pairs are drawn that way; the rest cover the special cases, the method's branches and any bits.
const FPS_COMMON = [24, 25, 30, 48, 50, 60, 72, 75, 90, 100, 120, 144, 165, 180, 240, 360, 23.976, 29.97,
  59.94, 119.88, 1, 2, 7, 11, 13, 17, 29, 31, 45, 59, 61, 64, 70, 80, 96, 99, 101, 128, 200, 500, 1000];
function drawFps(r) {
  const v = r.u32() % 6;
  if (v === 0) return r.pick(FPS_COMMON);
  if (v === 1) return r.int(1, 240);                       // integers, the divisors of 60 among them
  if (v === 2) return r.int(1, 24000) / 100;               // two decimals: 59.94, 0.5, ...
  if (v === 3) return r.uniform(0.25, 1000);
  if (v === 4) return Math.fround(r.uniform(1, 240));
  return r.int(241, 100000);
}
function drawDamping(r) {
  const v = r.u32() % 8;
  if (v === 0) return r.unit();                             // uniform [0, 1)
  if (v === 1) return r.int(0, 100) / 100;                  // as an editor writes it: 0.85, 0.9, 1
  if (v === 2) return r.int(0, 1000) / 1000;
  if (v === 3) return Math.fround(r.int(0, 1000) / 1000);   // a float32 timeline key
  if (v === 4) {                                            // between two keys, at a curve's percent
    const a = Math.fround(r.unit()), b = Math.fround(r.unit());
    return a + (b - a) * r.unit();
  }
  if (v === 5) return stepUlps(1, -r.int(1, 1 << 20));     // just below 1
  if (v === 6) return r.pick([0, -0, 1, 0.5, 0.85, 0.9, 0.95, 0.99, 0.999, MIN_SUB, MIN_NORMAL]);
  return r.pow2(-1074, -1);                                  // tiny to 1/2, subnormals too
}
const POW_SPECIAL_X = [0, -0, Infinity, -Infinity, NaN, 1, -1, 2, -2, 0.5, -0.5, 3, -3, 10, 0.1, MIN_SUB,
  -MIN_SUB, MAX_SUB, MIN_NORMAL, MAX, -MAX, stepUlps(1, -1), stepUlps(1, 1), -stepUlps(1, 1), 1.5, Math.E,
  Math.sqrt(0.5), Math.sqrt(1.5), Math.sqrt(3), fromBits(0x7ff00000, 1)];
const POW_SPECIAL_Y = [0, -0, Infinity, -Infinity, NaN, 1, -1, 2, -2, 0.5, -0.5, 3, -3, 1.5, 2 ** 31,
  2 ** 31 + 1, -(2 ** 31), 2 ** 52, 2 ** 52 + 1, 2 ** 53, 2 ** 53 + 2, 2 ** 64, 2 ** 64 * 1.5, -(2 ** 64), 1e300,
  MIN_SUB, -MIN_SUB, MAX, -MAX, 1024, 1023, -1074, -1075, 1 / 3, 0.25, 4, 5, 1e-10, stepUlps(1, 1),
  stepUlps(1, -1), stepUlps(2, 1), 2 ** 21 + 1, 2 ** 20 + 1, fromBits(0x7ff00000, 1)];
const POW_RANGES = [
  ['damping^(60/fps)', 5, (r, o) => { o[0] = drawDamping(r); o[1] = 60 * (1 / drawFps(r)); }],
  ['damping^(60*step)', 1, (r, o) => {
    // the exponent from a step the runtime would hold after reading fps, then a float32 key's damping
    const step = 1 / drawFps(r);
    o[0] = Math.fround(r.unit()); o[1] = 60 * step;
  }],
  ['specials', 1, (r, o) => {
    const v = r.u32() % 3;
    o[0] = r.pick(POW_SPECIAL_X); o[1] = r.pick(POW_SPECIAL_Y);
    if (v === 1) o[0] = stepUlps(o[0], r.int(-3, 3));
    else if (v === 2) o[1] = stepUlps(o[1], r.int(-3, 3));
  }],
  ['|x-1|<2^-20,|y|>2^31', 1, (r, o) => {
    o[0] = stepUlps(1, (r.u32() & 1) ? r.int(1, 2 ** 31) : -r.int(1, 2 ** 31));
    o[1] = r.sign() * r.pow2(31, 66);
  }],
  ['near-overflow', 1, (r, o) => {
    // y log2 x near 1024, -1022 and -1075: the overflow and underflow tests and subnormal results
    const x = (r.u32() & 1) ? r.uniform(0.01, 100) : r.pow2(-1074, 1023);
    const target = r.pick([1024, -1022, -1074, -1075, 1023.5, -1060]);
    const y = target / Math.log2(x);
    o[0] = (r.u32() % 4 === 0) ? -x : x;
    o[1] = stepUlps(y, r.int(-64, 64));
    if (o[0] < 0) o[1] = Math.round(o[1]); // a negative x needs an integer y
  }],
  ['x<0,integer-y', 1, (r, o) => {
    o[0] = -((r.u32() & 1) ? r.uniform(0, 10) : r.pow2(-1074, 1023));
    o[1] = (r.u32() & 1) ? r.int(-64, 64) : r.sign() * Math.floor(r.pow2(0, 60));
  }],
  ['magnitudes', 2, (r, o) => {
    o[0] = r.pow2(-1074, 1023);
    o[1] = (r.u32() & 1) ? r.uniform(-4, 4) : r.sign() * r.pow2(-60, 12);
  }],
  ['mantissa-edges', 1, (r, o) => {
    // around the interval thresholds of log2's reduction (m ~ sqrt(3/2), sqrt(3))
    const hi = ((r.int(-1022, 1023) + 1023) << 20) | r.pick([0x3988e, 0x3988f, 0xbb679, 0xbb67a, 0, 0xfffff]);
    o[0] = fromBits(hi, r.u32()); o[1] = r.uniform(-8, 8);
  }],
  ['integers', 1, (r, o) => { o[0] = r.int(-20, 20); o[1] = r.int(-40, 40); }],
  ['any-bits', 1, (r, o) => { o[0] = r.bits(); o[1] = r.bits(); }],
];

const FUNCS = {
  sin: { arity: 1, ranges: SINCOS_RANGES, f: Math.sin },
  cos: { arity: 1, ranges: SINCOS_RANGES, f: Math.cos },
  acos: { arity: 1, ranges: ACOS_RANGES, f: Math.acos },
  atan2: { arity: 2, ranges: ATAN2_RANGES, f: Math.atan2 },
  pow: { arity: 2, ranges: POW_RANGES, f: Math.pow },
  // the rejected reading, the C library's pow (`posecore jsmath pow-libm`), on the same pairs
  'pow-libm': { arity: 2, ranges: POW_RANGES, f: Math.pow, seedName: 'pow' },
};

// how many of n each range gets: by weight, the remainder to the first ranges
function split(ranges, n) {
  const total = ranges.reduce((s, r) => s + r[1], 0);
  const counts = ranges.map((r) => Math.floor((n * r[1]) / total));
  let left = n - counts.reduce((s, c) => s + c, 0);
  for (let i = 0; left > 0; i = (i + 1) % counts.length, left--) counts[i]++;
  return counts;
}

function seedFor(base, name) {
  let h = base >>> 0;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

// Yields batches { n, range: Uint8Array, args: Float64Array(n*arity), res: Float64Array(n) } for
// fn over its ranges, count[i] arguments from range i, at most `size` per batch.
function* batches(fn, counts, seed, size) {
  const { arity, ranges } = FUNCS[fn];
  const rng = new Rng(seed);
  const o = new Float64Array(2);
  for (let ri = 0; ri < ranges.length; ri++) {
    const gen = ranges[ri][2];
    for (let left = counts[ri]; left > 0;) {
      const n = Math.min(size, left);
      left -= n;
      const args = new Float64Array(n * arity), res = new Float64Array(n);
      if (arity === 1) {
        const f = FUNCS[fn].f;
        for (let i = 0; i < n; i++) { gen(rng, o); args[i] = o[0]; res[i] = f(o[0]); }
      } else {
        const f = FUNCS[fn].f;
        for (let i = 0; i < n; i++) {
          gen(rng, o); args[2 * i] = o[0]; args[2 * i + 1] = o[1]; res[i] = f(o[0], o[1]);
        }
      }
      yield { n, ri, args, res };
    }
  }
}

// ---- hex ----
const HEXCH = new Uint8Array(512); // byte -> two ASCII hex digits
for (let b = 0; b < 256; b++) {
  HEXCH[2 * b] = '0123456789abcdef'.charCodeAt(b >> 4);
  HEXCH[2 * b + 1] = '0123456789abcdef'.charCodeAt(b & 15);
}
const HEXVAL = new Int8Array(256).fill(-1);
for (let i = 0; i < 16; i++) {
  HEXVAL['0123456789abcdef'.charCodeAt(i)] = i;
  HEXVAL['0123456789ABCDEF'.charCodeAt(i)] = i;
}
// Writes 16 hex digits of the double at bytes[off..off+7] (little-endian) to out at pos.
function putHex(out, pos, bytes, off) {
  for (let k = 7; k >= 0; k--, pos += 2) {
    const b = bytes[off + k];
    out[pos] = HEXCH[2 * b]; out[pos + 1] = HEXCH[2 * b + 1];
  }
}
function canonicalNaN(a) { for (let i = 0; i < a.length; i++) if (a[i] !== a[i]) a[i] = NaN; }
function hexOf(x) {
  const out = Buffer.alloc(16);
  SF[0] = x !== x ? NaN : x;
  putHex(out, 0, new Uint8Array(SCR), 0);
  return out.toString('latin1');
}

// the argument lines for the core
function argLines(batch, arity) {
  const bytes = new Uint8Array(batch.args.buffer);
  const width = arity * 17;
  const out = Buffer.allocUnsafe(batch.n * width);
  for (let i = 0, pos = 0; i < batch.n; i++, pos += width) {
    putHex(out, pos, bytes, 8 * arity * i);
    out[pos + 16] = arity === 1 ? 10 : 32;
    if (arity === 2) { putHex(out, pos + 17, bytes, 8 * (2 * i + 1)); out[pos + 33] = 10; }
  }
  return out;
}

// ---- check: stream through the core and compare ----
async function checkOne(fn, n, bin, seed, table, examples) {
  const { arity, ranges } = FUNCS[fn];
  const counts = split(ranges, n);
  const rows = ranges.map((r, i) => ({ fn, range: r[0], count: counts[i], mismatches: 0 }));
  table.push(...rows);
  const child = spawn(bin, ['jsmath', fn], { stdio: ['pipe', 'pipe', 'inherit'] });
  const queue = []; // batches sent, awaiting results
  let head = null, headPos = 0, carry = Buffer.alloc(0), received = 0;
  const exited = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  child.stdout.on('data', (chunk) => {
    let buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    let p = 0;
    for (; p + 17 <= buf.length; p += 17) {
      if (!head || headPos === head.n) { head = queue.shift(); headPos = 0; }
      if (!head) throw new Error(`${fn}: the core wrote more lines than it was given`);
      let hi = 0, lo = 0, bad = buf[p + 16] !== 10;
      for (let k = 0; k < 8; k++) {
        const a = HEXVAL[buf[p + k]], b = HEXVAL[buf[p + 8 + k]];
        if (a < 0 || b < 0) bad = true;
        hi = (hi << 4) | a; lo = (lo << 4) | b;
      }
      const i = headPos++;
      received++;
      SF[0] = head.res[i];
      if (bad || SU[1] !== (hi >>> 0) || SU[0] !== (lo >>> 0)) {
        rows[head.ri].mismatches++;
        if (examples.length < 20) {
          const args = [];
          for (let k = 0; k < arity; k++) args.push(hexOf(head.args[arity * i + k]));
          examples.push(`${fn} ${ranges[head.ri][0]} args ${args.join(' ')} node ${hexOf(head.res[i])} ` +
            `core ${buf.subarray(p, p + 16).toString('latin1')}`);
        }
      }
    }
    carry = Buffer.from(buf.subarray(p));
  });
  child.stdin.on('error', () => {}); // a crashed core shows up as a short count below
  for (const batch of batches(fn, counts, seed, 1 << 16)) {
    canonicalNaN(batch.res);
    queue.push(batch);
    if (!child.stdin.write(argLines(batch, arity))) {
      await Promise.race([new Promise((resolve) => child.stdin.once('drain', resolve)), exited]);
    }
    if (child.exitCode !== null) break;
  }
  child.stdin.end();
  const code = await exited;
  if (code !== 0 || received !== n || carry.length) {
    throw new Error(`${fn}: the core exited ${code} after ${received} of ${n} results`);
  }
}

function printTable(table) {
  const w = Math.max(...table.map((r) => r.range.length), 5);
  const fw = Math.max(...table.map((r) => r.fn.length), 6);
  const lines = [`${'fn'.padEnd(fw)} ${'range'.padEnd(w)} ${'args'.padStart(10)} ${'mismatches'.padStart(10)}`];
  for (const r of table) {
    lines.push(`${r.fn.padEnd(fw)} ${r.range.padEnd(w)} ${String(r.count).padStart(10)} ${String(r.mismatches).padStart(10)}`);
  }
  const byFn = {};
  for (const r of table) {
    byFn[r.fn] ??= { count: 0, mismatches: 0 };
    byFn[r.fn].count += r.count; byFn[r.fn].mismatches += r.mismatches;
  }
  for (const [fn, t] of Object.entries(byFn)) {
    lines.push(`${fn.padEnd(fw)} ${'TOTAL'.padEnd(w)} ${String(t.count).padStart(10)} ${String(t.mismatches).padStart(10)}`);
  }
  console.log(lines.join('\n'));
}

// ---- vectors ----
function writeVectors(dir, name, fns, counts, ranges, seed, arity) {
  const total = counts.reduce((s, c) => s + c, 0);
  const nres = fns.length;
  const head = Buffer.alloc(8 + 16 + 28 * ranges.length);
  head.write('JSMVEC1\n', 0, 'latin1');
  head.writeUInt32LE(arity, 8); head.writeUInt32LE(nres, 12);
  head.writeUInt32LE(ranges.length, 16); head.writeUInt32LE(total, 20);
  ranges.forEach((r, i) => {
    head.write(r[0].slice(0, 23), 24 + 28 * i, 'latin1');
    head.writeUInt32LE(counts[i], 24 + 28 * i + 24);
  });
  const rec = new Float64Array(total * (arity + nres));
  let at = 0;
  for (const b of batches(fns[0], counts, seed, 1 << 16)) {
    for (let i = 0; i < b.n; i++) {
      for (let k = 0; k < arity; k++) rec[at++] = b.args[arity * i + k];
      for (const fn of fns) {
        const f = FUNCS[fn].f;
        const v = arity === 1 ? f(b.args[i]) : f(b.args[2 * i], b.args[2 * i + 1]);
        rec[at++] = v !== v ? NaN : v;
      }
    }
  }
  const path = join(dir, name);
  writeFileSync(path, Buffer.concat([head, Buffer.from(rec.buffer)]));
  console.log(`${path}: ${total} records`);
}

// ---- boundary vectors: the edges of jsmath.c's fast paths, enumerated (no sampling but one seeded
// RNG for the random atan2 pairs) ----
//
// sin/cos/sincos: the polynomial-only range (|x| <= pi/4, high word <= 0x3fe921fb), the one-step
// reduction (|x| < 3pi/4), the medium reduction (high word <= 0x413921fb, |x| ~<= 2^20 pi/2) with
// its second and third steps (the doubles nearest k pi/2 that cancel most), the huge reduction
// beyond, and degree-converted angles. atan2: the general path's conditions (no NaN, infinity or
// zero, x not 1, (high(y) - high(x)) >> 20 within +-60) on both sides. acos: its method edges.

// pi * 2^PI_BITS, truncated, by Machin's formula in integers
const PI_BITS = 480n;
const PI_FIXED = (() => {
  const G = 32n; // guard bits
  const one = 1n << (PI_BITS + G);
  const atanInv = (n) => { // atan(1/n) * 2^(PI_BITS+G)
    let sum = 0n, term = one / n, k = 0n;
    const n2 = n * n;
    while (term !== 0n) {
      sum += (k & 1n ? -term : term) / (2n * k + 1n);
      term /= n2; k++;
    }
    return sum;
  };
  return (16n * atanInv(5n) - 4n * atanInv(239n)) >> G;
})();
// the double nearest num/den * pi, for results in the normal range: v = num/den * pi * 2^PI_BITS cut
// to 64 bits with a sticky bit (Number(BigInt) rounds to nearest), then scaled by powers of two (exact)
function nearestPi(num, den) {
  let v = (BigInt(num) * PI_FIXED) / BigInt(den);
  let e = -Number(PI_BITS);
  const s = v.toString(2).length - 64;
  if (s > 0) {
    const sticky = (v & ((1n << BigInt(s)) - 1n)) !== 0n ? 1n : 0n;
    v = (v >> BigInt(s)) | sticky;
    e += s;
  }
  return Number(v) * 2 ** Math.trunc(e / 2) * 2 ** (e - Math.trunc(e / 2));
}
// bits of num/den * pi that x's nearest approach cancels: the bit length of num/den * pi * 2^PI_BITS
// less that of |x - num/den * pi| * 2^PI_BITS (x >= 1)
function cancelled(x, num, den) {
  SF[0] = x;
  const e = ((SU[1] >>> 20) & 0x7ff) - 1075;
  const m = BigInt((SU[1] & 0xfffff) | 0x100000) * 4294967296n + BigInt(SU[0]);
  const X = m << BigInt(e + Number(PI_BITS));
  const T = (BigInt(num) * PI_FIXED) / BigInt(den);
  const d = X > T ? X - T : T - X;
  return T.toString(2).length - (d === 0n ? 0 : d.toString(2).length);
}

// x and its neighbours k ulps away for |k| <= n, optionally with their negations
function around(x, n, both = true) {
  const out = [];
  for (let k = -n; k <= n; k++) {
    const v = stepUlps(x, k);
    if (!Number.isFinite(v) || (v !== 0 && Math.sign(v) !== Math.sign(x))) continue; // past MAX or zero
    out.push(v);
    if (both) out.push(-v);
  }
  return out;
}
// the doubles at the edge of a high word: hw:00000000 and (hw-1):ffffffff, n ulps either side
function hwEdge(hw, n) { return around(fromBits(hw, 0), n); }

function sincosBoundary() {
  const g = [];
  g.push(['pi/4,3pi/4,5pi/4', (() => {
    const o = [];
    for (const [num, den] of [[1, 4], [3, 4], [5, 4]]) {
      o.push(...around(nearestPi(num, den), 8), ...around(num * Math.PI / den, 8));
    }
    // the high words where the method changes: |x| <= pi/4 (polynomial only), < 3pi/4 (one step),
    // 0x3ff921fb (near pi/2: the second 33 bits)
    for (const hw of [0x3fe921fb, 0x3fe921fc, 0x4002d97c, 0x4002d97d, 0x3ff921fb, 0x3ff921fc]) o.push(...hwEdge(hw, 3));
    return o;
  })()]);
  g.push(['k*pi/2,k<=64', (() => {
    const o = [];
    for (let k = 1; k <= 64; k++) {
      o.push(...around(nearestPi(k, 2), 4), ...around(k * (Math.PI / 2), 2));
    }
    // |x - k pi/2| near the reduction's cancellation thresholds (16 and 49 bits of x lost)
    for (let k = 1; k <= 64; k++) {
      const x = nearestPi(k, 2);
      for (const j of [15, 16, 17, 18, 32, 47, 48, 49, 50, 51]) o.push(x + x * 2 ** -j, -(x + x * 2 ** -j), x - x * 2 ** -j, -(x - x * 2 ** -j));
    }
    // the NPIO2_HIGH table's high words (k <= 32) and their neighbours
    for (let k = 1; k <= 33; k++) {
      SF[0] = nearestPi(k, 2);
      const hw = SU[1];
      o.push(...hwEdge(hw, 1), ...hwEdge(hw + 1, 1));
    }
    return o;
  })()]);
  g.push(['k*pi/2,deep', (() => {
    // the doubles nearest k pi/2, k <= 2^20, that cancel most: the medium reduction's second and
    // third steps (more than 16 and 49 bits lost)
    const best = [];
    for (let k = 1; k <= 2 ** 20; k++) {
      const x = nearestPi(k, 2);
      const lost = cancelled(x, k, 2);
      if (lost >= 60) best.push([lost, k, x]);
    }
    best.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    const o = [];
    for (const [, , x] of best.slice(0, 160)) o.push(...around(x, 2));
    return o;
  })()]);
  g.push(['k*pi/2,large', (() => {
    const ks = [65, 96, 100, 127, 128, 255, 256, 1000, 1024, 4095, 4096, 12345, 65535, 65536, 100000,
      333333, 2 ** 19 - 1, 2 ** 19, 2 ** 19 + 1, 2 ** 20 - 1, 2 ** 20, 2 ** 20 + 1, 2 ** 20 + 2,
      2 ** 21 - 1, 2 ** 21, 2 ** 24, 2 ** 30, 2 ** 31 - 1, 2 ** 32, 2 ** 40, 2 ** 52, 2 ** 53, 3 ** 30,
      1e15, 1e18, 1e20, 2 ** 70, 2 ** 100, 2 ** 200, 2 ** 500, 2 ** 1000];
    const o = [];
    for (const k of ks) {
      const kb = BigInt(k);
      o.push(...around(nearestPi(kb, 2n), 3), ...around(k * (Math.PI / 2), 1));
    }
    return o;
  })()]);
  g.push(['2^19,2^20*pi/2', (() => {
    const o = [];
    for (const e of [19, 20]) {
      // the double nearest 2^e pi/2 and its neighbours on both sides
      o.push(...around(nearestPi(2 ** e, 2), 8), ...around(2 ** e * Math.PI / 2, 8));
    }
    // the medium reduction's last high word (0x413921fb) and the first huge one
    o.push(...hwEdge(0x413921fc, 8), ...hwEdge(0x412921fc, 2));
    return o;
  })()]);
  // Seeded samples where a slip of the reduction shows only now and then: |x - k pi/2| between the
  // cancellation thresholds (x lost 16 to 52 bits), |x| in the inline reduction's last binade and
  // just beyond it (to 2^22 pi/2), and the high words where cos changes its subtraction (0.3, 0.78125)
  const rng = new Rng(0x51c05b0d);
  g.push(['reduction-sampled', (() => {
    const o = [];
    for (let i = 0; i < 3000; i++) {
      const k = rng.int(1, (i & 1) ? 64 : 2 ** 20);
      const x = nearestPi(k, 2);
      const j = rng.int(16, 52);
      o.push(rng.sign() * (x + rng.sign() * x * rng.uniform(1, 2) * 2 ** -j));
    }
    for (let i = 0; i < 1000; i++) o.push(rng.sign() * rng.uniform(2 ** 19, 2 ** 20) * (Math.PI / 2));
    for (let i = 0; i < 2000; i++) o.push(rng.sign() * rng.uniform(2 ** 20, 2 ** 22) * (Math.PI / 2));
    for (let i = 0; i < 1000; i++) o.push(rng.sign() * fromBits(0x413921fc, rng.u32())); // the first huge high word
    for (const hw of [0x3fd33333, 0x3fe90000]) for (let i = 0; i < 300; i++) o.push(rng.sign() * fromBits(hw, rng.u32()));
    return o;
  })()]);
  // Arguments on which a reduction with one of its details changed (the second step's threshold
  // 16 -> 30 bits lost, the third's 49 -> 52, the last bit of PIO2_2T, the inline range extended to
  // high word 0x413921fc or 0x414921fb) gives another sin or cos: found by scanning the doubles near k pi/2 and
  // the samples above against such variants. Only the arguments come from that scan; the results
  // stored are Node's, like every other.
  g.push(['reduction-found', [
    '402c463abf0cb614', '402c463abf0fe6e0', '40407e4cef958c02', '4041475cca66e344', '404534ac0eb4d306', '404858eb78ef7999',
    '404858eb79ff3f2d', '404c463abe378c93', '40507e4ceed8698d', '4056c6cbbcdd0499', '4057f4638b7affcf', '405858eb795fe707',
    '405858eb7b57aa0d', '40c5c466640db206', '411106fbfe65c55d', '411106fbfe65c560', '4112b7009eba75ee', '4114b950c4920ade',
    '4115cafa4993be23', '41181b4a65962980', '41181b4a65962983', '411856c28d9adf1a', '41187b41a70ad000', '412106fbfe65c55d',
    '412106fbfe65c560', '4124e70733c791ce', '4124e70733c791cf', '4125d89300db7583', '41281b4a65962980', '41281b4a65962983',
    '412b4f8d9764c113', '412b4f8d9764c114', '412b4f8d9764c119', '412b4f8d9764c11a', '412c271885fe7f66', '412ed9b4cafcf327',
    '412ed9b4cafcf32a', '413015d61f9733c7', '413106fbfe65c55d', '413106fbfe65c560', '4132acb01ce67de4', '4133f8d67534e59e',
    '4134e70733c791ce', '4134e70733c791cf', '4134e78b262f0c2b', '41362734ed7af891', '413722662f779a72', '4137f05864b15c24',
    '4137f05864b15c25', '41381b4a65962980', '41381b4a65962983', '413b07e4fbfc33bc', '413d800e7879be9f', '414015b41daa871c',
    '4140186fbc1c1e62', '4140dcc2f71f62bd', '41453ad346363293', '41457516acc48ca1', '4147421c7492d2cb',
    '413921fc8adf30c1', '413921fc86432079', '413921fc886d66f6', '413921fc92790f26', '413921fc85d00ba8', '413921fc85e72623',
  ].flatMap((h) => { const x = fromBits(parseInt(h.slice(0, 8), 16), parseInt(h.slice(8), 16)); return [x, -x]; })]);
  g.push(['tiny', [
    0, -0, ...around(2 ** -27, 4), ...around(2 ** -26, 4), ...hwEdge(0x3e400000, 2), ...around(2 ** -28, 2),
    ...around(MAX_SUB, 4), ...around(MIN_SUB, 2), ...around(MIN_NORMAL, 2), ...around(2 ** -1000, 1),
    ...around(2 ** -500, 1), ...around(1e-10, 1), ...around(1e-5, 1),
  ]]);
  g.push(['huge', [
    Infinity, -Infinity, NaN, ...around(1e300, 4), ...around(MAX, 8), ...around(1e22, 2), ...around(2 ** 1023, 2),
    ...around(6381956970095103 * 2 ** 797, 2), ...around(1e100, 1), ...around(2 ** 60, 1), ...around(1e9, 1),
  ]]);
  g.push(['poly-edges', [...hwEdge(0x3fd33333, 2), ...hwEdge(0x3fd33334, 2), ...hwEdge(0x3fe90000, 2),
    ...hwEdge(0x3fe90001, 2), ...around(0.3, 2), ...around(0.78125, 2)]]);
  for (const [name, rad] of [['degrees', MATH_DEG_RAD], ['degrees-spine', SPINE_DEG_RAD]]) {
    const o = [];
    for (let h = -1440; h <= 1440; h++) o.push((h / 2) * rad);
    for (const d of [90, 180, 270, 360, 450, 540, 630, 720]) {
      o.push(...around(d * rad, 4));
    }
    g.push([name, o]);
  }
  return g;
}

function atan2Boundary() {
  const g = [];
  const rng = new Rng(0x6a5d2b0d);
  // the ratio thresholds: y = x * 2^t moved a few ulps, for x of several mantissas (low word zero,
  // where one ulp down changes the high word; all ones; random), exponents and all four quadrants
  const ratio = (ts) => {
    const o = [];
    const mants = [[0, 0], [0x80000, 0], [0xfffff, 0], [0xfffff, 0xffffffff], [0, 1], [0x3243f, 0x6a8885a3],
      [rng.u32() & 0xfffff, rng.u32()], [rng.u32() & 0xfffff, 0]];
    for (const e of [-1022, -970, -64, -1, 0, 3, 500, 960]) {
      for (const [mh, ml] of mants) {
        const x = fromBits(((e + 1023) << 20) | mh, ml);
        for (const t of ts) {
          const y0 = x * 2 ** t;
          if (y0 === 0 || y0 === Infinity) continue;
          const ys = [...around(y0, 3, false)];
          SF[0] = y0;
          ys.push(fromBits(SU[1] + 1, 0), stepUlps(fromBits(SU[1], 0), -1));
          for (const y of ys) for (const sy of [1, -1]) for (const sx of [1, -1]) o.push([sy * y, sx * x]);
        }
      }
    }
    return o;
  };
  g.push(['|y/x|~2^60', ratio([59, 60, 61, 62])]);
  g.push(['|y/x|~2^-60', ratio([-59, -60, -61, -62])]);
  const specials = [0, -0, Infinity, -Infinity, NaN, MIN_SUB, -MIN_SUB, MAX_SUB, -MAX_SUB, MIN_NORMAL,
    -MIN_NORMAL, stepUlps(MIN_SUB, 12345), -fromBits(0x00080000, 7), MAX, -MAX, 1, -1, 0.5, -0.5, 3, -3,
    1e-300, -1e300, 2 ** -60, -(2 ** 60), 2 ** 66, stepUlps(1, -1), -stepUlps(1, 1)];
  g.push(['x=1', (() => {
    const o = [];
    const ys = [...specials];
    for (const v of [2 ** -27, 0.4375, 0.6875, 1, 1.1875, 2.4375, 2 ** 60, 2 ** 66]) ys.push(...around(v, 2));
    for (let i = 0; i < 16; i++) ys.push(rng.uniform(-10, 10), rng.sign() * rng.pow2(-1074, 1023));
    for (const x of [1, stepUlps(1, -1), stepUlps(1, 1), -1, -stepUlps(1, -1), fromBits(0x3ff00000, 0x80000000), fromBits(0x3ff00001, 0)]) {
      for (const y of ys) o.push([y, x]);
    }
    return o;
  })()]);
  g.push(['zeros-infs-nan-subn', (() => {
    const o = [];
    for (const y of specials) for (const x of specials) o.push([y, x]);
    return o;
  })()]);
  g.push(['quadrants,y=+-x', (() => {
    const o = [];
    const mags = [];
    for (let e = -1074; e <= 1023; e += 29) mags.push(rng.pow2(e, e));
    mags.push(1, 2, 0.5, 3, 0.1, 1e-10, 1e10, MAX, MAX_SUB, MIN_SUB, MIN_NORMAL, stepUlps(1, -1));
    for (const m of mags) {
      for (const y of [m, stepUlps(m, 1), m === MIN_SUB ? m : stepUlps(m, -1)]) {
        for (const sy of [1, -1]) for (const sx of [1, -1]) o.push([sy * y, sx * m]);
      }
    }
    // |y/x| at atan's interval edges (x = 2: exact), in every quadrant
    for (const r of [2 ** -27, 0.4375, 0.6875, 1.1875, 2.4375, 2 ** 66]) {
      for (const y of around(2 * r, 2, false)) for (const sy of [1, -1]) for (const sx of [1, -1]) o.push([sy * y, sx * 2]);
    }
    return o;
  })()]);
  g.push(['random', (() => {
    const o = [];
    for (let i = 0; i < 4000; i++) {
      const v = i % 4;
      if (v === 0) o.push([rng.uniform(-10, 10), rng.uniform(-10, 10)]);
      else if (v === 1) o.push([rng.sign() * rng.pow2(-1074, 1023), rng.sign() * rng.pow2(-1074, 1023)]);
      else if (v === 2) { const x = rng.sign() * rng.pow2(-80, 80); o.push([rng.sign() * rng.pow2(-80, 80), x]); }
      else o.push([rng.bits(), rng.bits()]);
    }
    return o;
  })()]);
  return g;
}

function acosBoundary() {
  const o = [0, -0, Infinity, -Infinity, NaN];
  for (const v of [1, 0.5]) o.push(...around(v, 16));
  o.push(...hwEdge(0x3fe00000, 3), ...hwEdge(0x3ff00000, 3), ...hwEdge(0x3c600000, 2), ...hwEdge(0x3c600001, 2),
    ...around(MIN_SUB, 1), ...around(MAX, 1), ...around(1e-300, 1));
  return [['acos-edges', o]];
}

function powBoundary() {
  const g = [];
  const rng = new Rng(0x70a5b0d1);
  const pairs = (xs, ys) => { const o = []; for (const x of xs) for (const y of ys) o.push([x, y]); return o; };
  // every special base against every special exponent, and one ulp off each
  g.push(['specials', pairs(
    [...POW_SPECIAL_X, ...POW_SPECIAL_X.filter(Number.isFinite).filter((v) => v !== 0).flatMap((v) => [stepUlps(v, 1), stepUlps(v, -1)])],
    POW_SPECIAL_Y)]);
  // the physics constraint's damping ** (60 * (1 / fps)): fps 1 to 240 and the common decimal rates,
  // dampings in steps of 0.05 as doubles and as float32 timeline keys, and in steps of 0.01 at the
  // common rates
  g.push(['damping-grid', (() => {
    const o = [];
    const fpsList = [];
    for (let f = 1; f <= 240; f++) fpsList.push(f);
    fpsList.push(23.976, 29.97, 59.94, 119.88, 0.5, 1.5, 1000, 100000);
    for (const fps of fpsList) {
      const e = 60 * (1 / fps);
      for (let k = 0; k <= 20; k++) o.push([k / 20, e], [Math.fround(k / 20), e]);
    }
    for (const fps of FPS_COMMON) {
      const e = 60 * (1 / fps);
      for (let k = 0; k <= 100; k++) o.push([k / 100, e]);
    }
    return o;
  })()]);
  // whether y is an odd or even integer (x < 0): y's exponent around 20, 21, 52 and 53
  g.push(['integer-y-edges', (() => {
    const ys = [];
    for (const e of [0, 1, 19, 20, 21, 22, 31, 32, 51, 52, 53, 54]) {
      const p = 2 ** e;
      ys.push(p, p + 1, p - 1, p + 2, p + 0.5, p * 1.5, stepUlps(p, 1), stepUlps(p, -1), stepUlps(p, 2));
    }
    const o = [];
    for (const x of [-1, -2, -0.5, -1.5, -3, stepUlps(-1, 1), -MIN_SUB, -MAX, -0, -Infinity]) {
      for (const y of ys) o.push([x, y], [x, -y]);
    }
    return o;
  })()]);
  // |y| > 2^31 with x within 2^-20 of 1 (the series branch) and just outside it; |y| around 2^64
  g.push(['near-1,huge-y', (() => {
    const xs = [...around(1, 6, false)];
    for (const hw of [0x3fefffff, 0x3ff00000, 0x3feffffe, 0x3ff00001])
      for (const lo of [0, 1, 0x7fffffff, 0xfffffffe, 0xffffffff, rng.u32()]) xs.push(fromBits(hw, lo));
    const ys = [];
    for (const p of [2 ** 31, 2 ** 32, 2 ** 40, 2 ** 52, 2 ** 63, 2 ** 64, 2 ** 65]) ys.push(...around(p, 2), p * 1.5, -p * 1.5);
    ys.push(fromBits(0x41e00000, 1), fromBits(0x41e00001, 0), fromBits(0x43f00000, 1), fromBits(0x43f00001, 0));
    return pairs(xs, ys);
  })()]);
  // results near overflow (y log2 x = 1024) and underflow (-1022, -1074, -1075): the bounds' tests
  // and subnormal results
  g.push(['over-underflow', (() => {
    const o = [];
    for (const [x, targets] of [[2, [1024, 1023, -1022, -1074, -1075, -1074.5, -1023.5]], [0.5, [-1024, 1074, 1075, 1074.5]],
      [10, [308.2547155599167, -307.6526555685888, -323.3062153431158]], [Math.E, [709.782712893384, -745.1332191019411]],
      [stepUlps(2, 1), [1024, -1074]], [stepUlps(2, -1), [1024, 1025, -1075]]]) {
      for (const t of targets) for (const y of around(t, 8, false)) o.push([x, y], [-x, Math.round(y)]);
    }
    for (let i = 0; i < 400; i++) {
      const x = rng.uniform(1.01, 1e6);
      const t = rng.pick([1024, -1022, -1074, -1075]);
      for (const y of around(t / Math.log2(x), 1, false)) o.push([x, y], [1 / x, -y]);
    }
    return o;
  })()]);
  // the interval thresholds of the log2 reduction, the subnormal bases, and x = +-0 and +-Infinity
  // against small odd, even and fractional exponents
  g.push(['x-edges', (() => {
    const xs = [];
    for (const e of [-1022, -200, -1, 0, 1, 200, 1023])
      for (const m of [0x3988e, 0x3988f, 0xbb679, 0xbb67a, 0xfffff, 0])
        for (const lo of [0, 1, 0xffffffff]) xs.push(fromBits(((e + 1023) << 20) | m, lo));
    xs.push(...around(MIN_SUB, 3, false), ...around(MAX_SUB, 3, false), ...around(MIN_NORMAL, 3, false));
    return pairs(xs, [0.5, 0.25, 1 / 3, -0.001, 0.999, 1.001, 7, -2.5, 60 / 144, 3, -3, 4, -4]);
  })()]);
  return g;
}

// Writes groups [name, args[]] (args: doubles, or pairs: [y, x] for atan2, [x, y] for pow) with fns' results, duplicates (by
// bits) dropped within a group.
function writeGroups(dir, name, fns, groups, arity) {
  const ranges = [], counts = [], flat = [];
  for (const [gname, list] of groups) {
    const seen = new Set();
    let n = 0;
    for (const a of list) {
      const args = arity === 1 ? [a] : a;
      const key = args.map(hexOf).join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      flat.push(args); n++;
    }
    ranges.push([gname]); counts.push(n);
  }
  const total = flat.length, nres = fns.length;
  const head = Buffer.alloc(8 + 16 + 28 * ranges.length);
  head.write('JSMVEC1\n', 0, 'latin1');
  head.writeUInt32LE(arity, 8); head.writeUInt32LE(nres, 12);
  head.writeUInt32LE(ranges.length, 16); head.writeUInt32LE(total, 20);
  ranges.forEach((r, i) => {
    if (r[0].length > 23) throw new Error(`range name too long: ${r[0]}`);
    head.write(r[0], 24 + 28 * i, 'latin1');
    head.writeUInt32LE(counts[i], 24 + 28 * i + 24);
  });
  const rec = new Float64Array(total * (arity + nres));
  let at = 0;
  for (const args of flat) {
    for (const v of args) rec[at++] = v;
    for (const fn of fns) {
      const v = FUNCS[fn].f(...args);
      rec[at++] = v !== v ? NaN : v;
    }
  }
  const path = join(dir, name);
  writeFileSync(path, Buffer.concat([head, Buffer.from(rec.buffer)]));
  console.log(`${path}: ${total} records (${ranges.map((r, i) => `${r[0]} ${counts[i]}`).join(', ')})`);
}

function writeBoundary(dir) {
  writeGroups(dir, 'boundary_sincos.bin', ['sin', 'cos'], sincosBoundary(), 1);
  writeGroups(dir, 'boundary_atan2.bin', ['atan2'], atan2Boundary(), 2);
  writeGroups(dir, 'boundary_acos.bin', ['acos'], acosBoundary(), 1);
  writeGroups(dir, 'boundary_pow.bin', ['pow'], powBoundary(), 2);
}

// ---- main ----
function option(args, name, fallback) {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
}

async function main() {
  const args = process.argv.slice(2);
  const seed = Number(option(args, '--seed', '20240611')) >>> 0;
  const fnList = option(args, '--fn', 'sin,cos,atan2,acos,pow').split(',');
  const [mode, ...rest] = args;
  if (mode === 'check' && rest.length === 2) {
    const n = Number(rest[0]);
    const t0 = Date.now();
    const table = [], examples = [];
    for (const fn of fnList) {
      if (!FUNCS[fn]) throw new Error(`unknown function ${fn}`);
      await checkOne(fn, n, rest[1], seedFor(seed, FUNCS[fn].seedName ?? fn), table, examples);
    }
    printTable(table);
    for (const e of examples) console.error(`mismatch: ${e}`);
    const bad = table.reduce((s, r) => s + r.mismatches, 0);
    console.log(`${bad} mismatches in ${n} arguments per function (${fnList.join(', ')}), seed ${seed}, ` +
      `${((Date.now() - t0) / 1000).toFixed(1)} s`);
    process.exitCode = bad ? 1 : 0;
  } else if (mode === 'lines' && rest.length === 2 && FUNCS[rest[0]]) {
    const [fn, n] = [rest[0], Number(rest[1])];
    const { arity, ranges } = FUNCS[fn];
    const out = [];
    for (const b of batches(fn, split(ranges, n), seedFor(seed, fn), 1 << 14)) {
      for (let i = 0; i < b.n; i++) {
        const a = [];
        for (let k = 0; k < arity; k++) a.push(hexOf(b.args[arity * i + k]));
        out.push(`${ranges[b.ri][0]} ${a.join(' ')} ${hexOf(b.res[i])}\n`);
      }
      if (!process.stdout.write(out.join(''))) await new Promise((r) => process.stdout.once('drain', r));
      out.length = 0;
    }
  } else if (mode === 'vectors' && rest.length >= 1) {
    const n = Number(rest[1] ?? 200000);
    mkdirSync(rest[0], { recursive: true });
    const vs = seedFor(seed, 'vectors');
    writeVectors(rest[0], 'sincos.bin', ['sin', 'cos'], split(SINCOS_RANGES, n), SINCOS_RANGES, seedFor(vs, 'sin'), 1);
    writeVectors(rest[0], 'acos.bin', ['acos'], split(ACOS_RANGES, n), ACOS_RANGES, seedFor(vs, 'acos'), 1);
    writeVectors(rest[0], 'atan2.bin', ['atan2'], split(ATAN2_RANGES, n), ATAN2_RANGES, seedFor(vs, 'atan2'), 2);
    writeVectors(rest[0], 'pow.bin', ['pow'], split(POW_RANGES, n), POW_RANGES, seedFor(vs, 'pow'), 2);
  } else if (mode === 'boundary' && rest.length === 1) {
    mkdirSync(rest[0], { recursive: true });
    writeBoundary(rest[0]);
  } else {
    console.error('usage: node oracle/jsmath_gen.mjs check N BIN | lines FN N | vectors DIR [N] | boundary DIR  [--seed S] [--fn LIST]');
    process.exitCode = 2;
  }
}

main().catch((e) => { console.error(`jsmath_gen: ${e.message}`); process.exitCode = 2; });
