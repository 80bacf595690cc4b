// JavaScript's rules for name resolution (include/codegraph/lang/rules.h): ES modules and CommonJS;
// globals of ECMAScript and the common hosts (browser, Node).
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {
namespace {

// './x' → x.ts|.tsx|.d.ts|.js|.jsx|.mjs|.cjs | x/index.*; a bare specifier is a package:
// external. (TypeScript and TSX share it.)
std::vector<int64_t> moduleFiles(const FileLookup& files, const Import& imp) {
  const std::string& module = imp.module;
  if (module.empty() || module[0] != '.') return {};
  std::string p = joinPath(directoryOf(imp.fromPath), module);
  std::string noJs = p;
  for (const char* ext : {".js", ".jsx", ".mjs", ".cjs"}) {
    std::string e(ext);
    if (noJs.size() > e.size() && noJs.compare(noJs.size() - e.size(), e.size(), e) == 0) {
      noJs = noJs.substr(0, noJs.size() - e.size());
      break;
    }
  }
  return firstOf(files,
                 {p, p + ".ts", p + ".tsx", p + ".d.ts", p + ".js", p + ".jsx", p + ".mjs",
                  p + ".cjs", noJs + ".ts", noJs + ".tsx", p + "/index.ts", p + "/index.tsx",
                  p + "/index.js", p + "/index.jsx"},
                 false);
}

}  // namespace
const Rules& javascriptRules() {
  static const Rules kRules = [] {
    Rules r;
    r.id = "javascript";
    r.family = "js";
    r.longestDefinitionWins = true;
    r.valuesAreCallable = true;
    r.importsNameExports = true;
    r.confidence[static_cast<int>(Evidence::kUniqueReceiver)] = 0.7;
    r.confidence[static_cast<int>(Evidence::kModuleMember)] = 0.8;
    r.builtinNames = WordList(
        "Object Array Promise Map Set WeakMap WeakSet WeakRef FinalizationRegistry JSON Math Date "
        "RegExp Error TypeError RangeError SyntaxError ReferenceError EvalError URIError "
        "AggregateError Symbol BigInt Number String Boolean Function Proxy Reflect Intl Atomics "
        "ArrayBuffer SharedArrayBuffer DataView Int8Array Uint8Array Uint8ClampedArray Int16Array "
        "Uint16Array Int32Array Uint32Array Float32Array Float64Array BigInt64Array BigUint64Array "
        "parseInt parseFloat isNaN isFinite encodeURI encodeURIComponent decodeURI "
        "decodeURIComponent escape unescape eval globalThis undefined NaN Infinity console "
        "setTimeout clearTimeout setInterval clearInterval setImmediate clearImmediate "
        "queueMicrotask structuredClone fetch require process Buffer URL URLSearchParams "
        "TextEncoder TextDecoder AbortController AbortSignal Event EventTarget atob btoa window "
        "document navigator "
        "Partial Required Readonly Record Pick Omit Exclude Extract NonNullable ReturnType "
        "Parameters ConstructorParameters InstanceType Awaited PromiseLike ArrayLike Iterable "
        "IterableIterator AsyncIterable AsyncIterableIterator ReadonlyArray ReadonlyMap "
        "ReadonlySet ThisType Uppercase Lowercase Capitalize Uncapitalize");
    r.builtinMethods = WordList(
        "at concat copyWithin entries every fill filter find findIndex findLast findLastIndex "
        "flat flatMap forEach includes indexOf join keys lastIndexOf map pop push reduce "
        "reduceRight reverse shift slice some sort splice toLocaleString toString unshift values "
        "toReversed toSorted toSpliced with charAt charCodeAt codePointAt endsWith startsWith "
        "localeCompare match matchAll normalize padEnd padStart repeat replace replaceAll search "
        "split substring substr toLowerCase toUpperCase toLocaleLowerCase toLocaleUpperCase trim "
        "trimStart trimEnd trimLeft trimRight get set has delete add clear size then catch "
        "finally hasOwnProperty isPrototypeOf propertyIsEnumerable valueOf toJSON apply bind "
        "call toFixed toPrecision toExponential test exec next return throw getTime getFullYear "
        "getMonth getDate getDay getHours getMinutes getSeconds getMilliseconds "
        "getTimezoneOffset toISOString toDateString toTimeString toUTCString setTime setFullYear "
        "setMonth setDate setHours setMinutes setSeconds setMilliseconds log warn error info "
        "debug trace on once emit off addListener removeListener removeAllListeners listeners "
        "addEventListener removeEventListener dispatchEvent preventDefault stopPropagation "
        "querySelector querySelectorAll getElementById getElementsByClassName "
        "getElementsByTagName appendChild removeChild insertBefore replaceChild createElement "
        "createTextNode setAttribute getAttribute removeAttribute hasAttribute cloneNode "
        "contains focus blur click closest matches write end pipe resume pause destroy subarray "
        "fill readUInt8 readUInt16LE readUInt32LE readUInt16BE readUInt32BE writeUInt8 stringify "
        "parse freeze assign create defineProperty getPrototypeOf setPrototypeOf "
        "getOwnPropertyNames getOwnPropertyDescriptor fromEntries from of isArray all allSettled "
        "race any resolve reject abs floor ceil round trunc max min pow sqrt random sign");
    r.libraryQualifiers = WordList(
        "Object Array Promise Map Set WeakMap WeakSet JSON Math Date RegExp Symbol BigInt Number "
        "String Boolean Reflect Intl Atomics ArrayBuffer SharedArrayBuffer DataView Uint8Array "
        "Int8Array Uint16Array Int16Array Uint32Array Int32Array Float32Array Float64Array "
        "BigInt64Array BigUint64Array console process Buffer window document navigator "
        "globalThis performance crypto localStorage sessionStorage location history URL "
        "URLSearchParams Error");
    r.libraryQualifierByHead = true;
    r.moduleFiles = moduleFiles;
    r.packageFile = "index";
    return r;
  }();
  return kRules;
}

}  // namespace cg::lang
