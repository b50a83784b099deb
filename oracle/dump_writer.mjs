// Serialisation of the posecore dump format (oracle/FORMAT.md): value spellings and the line
// writer. No spine-core knowledge here; blocks.mjs says what goes into which block.

/** Thrown when the runtime holds a value the dump format cannot spell (e.g. a string where a
 *  number belongs). The oracle reports it as "unrepresentable: ..." and exits 3. */
export class Unrepresentable extends Error {}

/** Number: shortest round-trip decimal (String(x)), `-0`, `NaN`, `Infinity`, `-Infinity`. */
export function fmtNumber(x) {
  if (typeof x !== "number") throw new Unrepresentable(`not a number: ${describe(x)}`);
  if (Object.is(x, -0)) return "-0";
  return String(x); // NaN -> "NaN", Infinity -> "Infinity", -Infinity -> "-Infinity"
}

/** String: double quotes; `\"` `\\` `\t` `\n` `\r`; other C0 controls and DEL as `\u00xx`
 *  (lower-case hex); lone UTF-16 surrogates (not encodable in UTF-8) as `\udxxx`; the rest as is. */
export function fmtString(s) {
  if (typeof s !== "string") throw new Unrepresentable(`not a string: ${describe(s)}`);
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += "\\\\";
    else if (c === 0x09) out += "\\t";
    else if (c === 0x0a) out += "\\n";
    else if (c === 0x0d) out += "\\r";
    else if (c < 0x20 || c === 0x7f) out += "\\u" + c.toString(16).padStart(4, "0");
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length &&
             s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff) {
      out += s[i] + s[i + 1]; // a proper surrogate pair: one code point, written as UTF-8
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) out += "\\u" + c.toString(16);
    else out += s[i];
  }
  return out + '"';
}

export function fmtBool(b) {
  if (typeof b !== "boolean") throw new Unrepresentable(`not a boolean: ${describe(b)}`);
  return b ? "true" : "false";
}

/** A string, or `null` for null/undefined. */
export function fmtStringOrNull(s) {
  return s === null || s === undefined ? "null" : fmtString(s);
}

/** Inherit enum (spine-core's numeric Inherit) -> its JSON name, as a string; `null` when the
 *  runtime holds no valid mode (an unknown name in the document reads as `undefined`). */
const INHERIT_NAMES = ["normal", "onlyTranslation", "noRotationOrReflection", "noScale", "noScaleOrReflection"];
export function fmtInherit(v) {
  if (v === undefined || v === null) return "null";
  if (typeof v === "number" && Number.isInteger(v) && v >= 0 && v < INHERIT_NAMES.length) return fmtString(INHERIT_NAMES[v]);
  throw new Unrepresentable(`not an inherit mode: ${describe(v)}`);
}

/** Field types a block may declare. */
export const T = {
  num: fmtNumber,
  str: fmtString,
  strOrNull: fmtStringOrNull,
  bool: fmtBool,
  inherit: fmtInherit,
};

function describe(v) {
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? v.slice(0, 40) + "..." : v);
  if (v === undefined) return "undefined";
  try { return `${typeof v} ${JSON.stringify(v)}`; } catch { return typeof v; }
}

/** Collects the lines of one dump; `text()` gives the whole dump (ending with `end ROWS`). */
export class DumpWriter {
  constructor() {
    this.lines = ["posecore-dump\t1"];
    this.rows = 0;
  }
  meta(key, value) {
    this.lines.push(`meta\t${fmtString(key)}\t${fmtString(value)}`);
  }
  pose(index, animation, time) {
    this.lines.push(`pose\t${fmtNumber(index)}\t${fmtStringOrNull(animation)}\t${fmtNumber(time)}`);
  }
  unsupported(block, reason) {
    this.lines.push(`unsupported\t${block}\t${fmtString(reason)}`);
  }
  /** One row of `block`: `fields` is the block's [name, type, getter] list, `item` what the
   *  getters read. A value that cannot be spelt names the block, row and field. */
  row(block, key, fields, item) {
    let line = `${block}\t${fmtKey(block, key)}`;
    for (const [name, type, get] of fields) {
      let text;
      try {
        text = type(get(item));
      } catch (e) {
        if (e instanceof Unrepresentable) throw new Unrepresentable(`block ${block} row ${JSON.stringify(key)} field ${name}: ${e.message}`);
        throw e;
      }
      line += `\t${name}=${text}`;
    }
    this.lines.push(line);
    this.rows++;
  }
  text() {
    return this.lines.join("\n") + `\nend\t${this.rows}\n`;
  }
}

function fmtKey(block, key) {
  try {
    return fmtString(key);
  } catch (e) {
    throw new Unrepresentable(`block ${block}: key ${e.message}`);
  }
}
