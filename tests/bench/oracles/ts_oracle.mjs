#!/usr/bin/env node
// TypeScript call-site oracle: the TypeScript compiler's checker says which declaration every
// call site of a tree calls. Output: JSONL as described in FORMAT.md (binding).
//
//   node tests/bench/oracles/ts_oracle.mjs --root ROOT --out OUT.jsonl
//        [--tsconfig FILE] [--condition NAME]... [--exclude SUBSTRING]... [--diagnostics N]
//        [--skipped FILE]   (FILE: the call sites not written, with the reason)
//
// Normally run through ts_oracle.sh, which installs the pinned typescript (package.json /
// package-lock.json beside this file) and a pinned corpus, then calls this script.
//
// ROOT is the tree codegraph-mcp indexes. The program is ROOT's tsconfig.json when it has one
// (or --tsconfig), otherwise every .ts/.tsx/.mts/.cts file under ROOT (node_modules excluded;
// .d.ts files under ROOT are part of the program but not of `files`) with: target ES2022,
// lib esnext+dom, module ESNext, moduleResolution Bundler, strict, skipLibCheck, allowJs false, noEmit,
// jsx preserve, and --condition values as customConditions (e.g. zod's "@zod/source", which
// maps its self-imports `zod/v4` to its own src/).
//
// Every CallExpression and NewExpression is judged (tagged templates, decorators, JSX and
// dynamic import() are skipped). The callee name identifier is the identifier of `f()`, the
// `.name` of `x.m()`, the class identifier of `new T()` / `new ns.T()`, the `super` keyword of
// `super()`. Its declaration is `checker.getResolvedSignature(call).declaration`, falling back
// to `getSymbolAtLocation(name)` (aliases followed with getAliasedSymbol). Then:
//   - an overload signature is replaced by the implementation (the declaration with a body);
//     the target then lists the overload signatures' lines as `overloads` (an extra field: a
//     binding to one of them binds the same function);
//   - a signature the callee name does not declare (`const base = obj.parse; base()`) is not
//     the target: the callee's symbol decides (below); a callee of type any (`(f as any)()`)
//     is untyped and not written;
//   - `new T()` targets T's explicit constructor, else the class T (never the base
//     constructor TypeScript copies into an implicit constructor); `super()` targets the base
//     class's constructor, else the base class;
//   - a signature that only comes from a type (a function type, call signature: `cb()` where
//     cb is a parameter of function type) is looked up through the callee's symbol: a variable
//     or property initialised with a function, a module-level variable (`export const isX =
//     makePredicate()`), or a method signature of an interface, is the target; a library value (`new Map()`: `declare var Map: MapConstructor`) is a library
//     call (target null); a parameter (also a parameter property), a destructured binding, a
//     typed field or property signature (`handler: () => void`), or a function-local variable
//     holding any other expression is dynamic and the site is not written;
//   - no declaration (any, unknown, unresolved) -> not written.
// target = the declaration's name identifier (file relative to ROOT, 1-based line, name;
// `constructor` for a constructor) when its file is under ROOT and not in node_modules, else
// null (lib .d.ts, dependencies, anything outside ROOT).
// shape: plain `f()`; qualified `ns.f()` / `Class.m()` / `new ns.T()` (receiver is a class,
// enum, namespace or module, or a global of a .d.ts: `Math.floor()`, `Object.keys()`, `console.log()`); self `this.m()`; super `super.m()`, `super()`; field_chain
// `this.a.m()`, `a.b.m()`, `a[i].m()`; call_result `f().m()`, `new T().m()`; typed_receiver
// otherwise; interface when the target is in the tree and is a method/property signature of an
// interface or type literal, or an abstract method (library targets keep their receiver shape).
// col is 0-based in UTF-8 bytes (TypeScript counts UTF-16 units; converted).

import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const ts = require(require.resolve("typescript", { paths: [here] }));

function parseArgs(argv) {
  const a = { conditions: [], exclude: [], diagnostics: 0 };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = () => {
      if (i + 1 >= argv.length) throw new Error(`${k} needs a value`);
      return argv[++i];
    };
    if (k === "--root") a.root = v();
    else if (k === "--out") a.out = v();
    else if (k === "--tsconfig") a.tsconfig = v();
    else if (k === "--condition") a.conditions.push(v());
    else if (k === "--exclude") a.exclude.push(v());
    else if (k === "--diagnostics") a.diagnostics = Number(v());
    else if (k === "--skipped") a.skipped = v();
    else if (k === "-h" || k === "--help") {
      console.log(fs.readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n").filter((l) => l.startsWith("//")).join("\n"));
      process.exit(0);
    } else throw new Error(`unknown argument ${k}`);
  }
  if (!a.root || !a.out) throw new Error("usage: ts_oracle.mjs --root ROOT --out OUT.jsonl [--tsconfig F] [--condition C]...");
  a.root = path.resolve(a.root);
  return a;
}

const SOURCE_EXT = /\.(ts|tsx|mts|cts)$/;

function walkSources(root, exclude) {
  const out = [];
  const stack = [root];
  while (stack.length) {
    const dir = stack.pop();
    for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
      if (ent.name === "node_modules" || ent.name.startsWith(".")) continue;
      const p = path.join(dir, ent.name);
      if (exclude.some((s) => p.includes(s))) continue;
      if (ent.isDirectory()) stack.push(p);
      else if (ent.isFile() && SOURCE_EXT.test(ent.name)) out.push(p);
    }
  }
  return out.sort();
}

function makeProgram(args) {
  const defaults = {
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.esnext.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noImplicitAny: false, // lint-like; does not change what a call resolves to
    noImplicitThis: false,
    skipLibCheck: true,
    allowJs: false,
    noEmit: true,
    esModuleInterop: true,
    resolveJsonModule: true,
    allowImportingTsExtensions: true,
    jsx: ts.JsxEmit.Preserve,
  };
  let options = defaults;
  let rootNames;
  const cfgPath = args.tsconfig ? path.resolve(args.tsconfig)
    : fs.existsSync(path.join(args.root, "tsconfig.json")) ? path.join(args.root, "tsconfig.json") : null;
  if (cfgPath) {
    const parsed = ts.getParsedCommandLineOfConfigFile(cfgPath, { noEmit: true }, {
      ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n")); },
    });
    options = { ...parsed.options, noEmit: true, allowJs: false };
    rootNames = parsed.fileNames.filter((f) => SOURCE_EXT.test(f));
  } else {
    rootNames = walkSources(args.root, args.exclude);
  }
  if (args.conditions.length) options = { ...options, customConditions: args.conditions };
  const host = ts.createCompilerHost(options, true);
  host.getCurrentDirectory = () => args.root;
  return { program: ts.createProgram({ rootNames, options, host }), options, cfgPath };
}

function inRoot(root, file) {
  const rel = path.relative(root, file);
  if (!rel || rel.startsWith("..") || path.isAbsolute(rel)) return null;
  if (rel.split(path.sep).includes("node_modules")) return null;
  return rel.split(path.sep).join("/");
}

function unwrap(e) {
  while (e && (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isAsExpression(e) ||
    ts.isTypeAssertionExpression(e) || ts.isSatisfiesExpression(e))) e = e.expression;
  return e;
}

function resolveAlias(checker, sym) {
  if (sym && sym.flags & ts.SymbolFlags.Alias) {
    try { return checker.getAliasedSymbol(sym); } catch { return sym; }
  }
  return sym;
}

const hasBody = (d) => (ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d) || ts.isConstructorDeclaration(d)) && !!d.body;

// Overload signature -> the implementation with the same symbol, when there is one.
function implementationOf(checker, decl) {
  if (!(ts.isFunctionDeclaration(decl) || ts.isMethodDeclaration(decl) || ts.isConstructorDeclaration(decl)) || decl.body) return decl;
  let decls;
  if (ts.isConstructorDeclaration(decl)) decls = decl.parent.members.filter(ts.isConstructorDeclaration);
  else {
    const sym = decl.symbol ?? (decl.name && checker.getSymbolAtLocation(decl.name));
    decls = sym?.declarations ?? [];
  }
  return decls.find(hasBody) ?? decl;
}

// Lines of the bodiless overload signatures of an implementation (empty when not overloaded).
function overloadLines(checker, decl) {
  if (!hasBody(decl)) return [];
  let decls;
  if (ts.isConstructorDeclaration(decl)) decls = decl.parent.members.filter(ts.isConstructorDeclaration);
  else decls = (decl.symbol ?? (decl.name && checker.getSymbolAtLocation(decl.name)))?.declarations ?? [];
  const sf = decl.getSourceFile();
  return decls.filter((d) => d !== decl && d.kind === decl.kind && !d.body && d.getSourceFile() === sf)
    .map((d) => sf.getLineAndCharacterOfPosition(nameOf(d).node.getStart(sf)).line + 1);
}

const isClassLike = (d) => ts.isClassDeclaration(d) || ts.isClassExpression(d);

function classTarget(checker, classDecl) {
  const ctors = classDecl.members.filter(ts.isConstructorDeclaration);
  if (ctors.length) return ctors.find((c) => c.body) ?? ctors[0];
  return classDecl;
}

// The class declaration a `new` / `super()` expression constructs, if any.
function classDeclOf(checker, sym) {
  sym = resolveAlias(checker, sym);
  if (!sym) return null;
  const d = sym.declarations?.find(isClassLike);
  if (d) return d;
  // `const T = class {...}`
  const v = sym.valueDeclaration;
  if (v && ts.isVariableDeclaration(v) && v.initializer && ts.isClassExpression(unwrap(v.initializer))) return unwrap(v.initializer);
  return null;
}

const TYPE_ONLY_SIG = new Set([ts.SyntaxKind.FunctionType, ts.SyntaxKind.ConstructorType, ts.SyntaxKind.CallSignature,
  ts.SyntaxKind.ConstructSignature, ts.SyntaxKind.JSDocFunctionType]);
const isFnExpr = (e) => e && (ts.isArrowFunction(e) || ts.isFunctionExpression(e) || ts.isClassExpression(e));

// A declaration found through the callee's symbol (no concrete signature declaration).
function declFromSymbol(checker, sym) {
  sym = resolveAlias(checker, sym);
  if (!sym) return null;
  const decls = sym.declarations ?? [];
  const d = sym.valueDeclaration ?? decls[0];
  if (!d) return null;
  if (ts.isParameter(d) || ts.isBindingElement(d)) return null; // a callback: dynamic
  if (ts.isVariableDeclaration(d)) {
    // a function, or a module-level variable (`export const isFoo = makePredicate(...)`);
    // a function-local variable holding anything else is dynamic
    if (isFnExpr(unwrap(d.initializer))) return d;
    const stmt = d.parent?.parent;
    return stmt && ts.isVariableStatement(stmt) && (ts.isSourceFile(stmt.parent) || ts.isModuleBlock(stmt.parent)) ? d : null;
  }
  if (ts.isPropertyDeclaration(d)) return isFnExpr(unwrap(d.initializer)) ? d : null; // a typed field: dynamic
  if (ts.isPropertyAssignment(d)) return isFnExpr(unwrap(d.initializer)) ? d : null;
  if (ts.isShorthandPropertyAssignment(d)) return null;
  if (ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d) || ts.isMethodSignature(d) ||
    isClassLike(d) || ts.isGetAccessor(d) || ts.isConstructorDeclaration(d)) return implementationOf(checker, d);
  return null;
}

// Name node and name of a declaration; function expressions take the name of what holds them.
function nameOf(decl) {
  let d = decl;
  if ((ts.isArrowFunction(d) || ts.isFunctionExpression(d) || ts.isClassExpression(d)) && !(d.name)) {
    let p = d.parent;
    while (p && (ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isSatisfiesExpression(p))) p = p.parent;
    if (p && (ts.isVariableDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isPropertyAssignment(p)) && p.name) d = p;
  }
  if (ts.isConstructorDeclaration(d)) {
    const kw = d.getChildren().find((c) => c.kind === ts.SyntaxKind.ConstructorKeyword);
    return { node: kw ?? d, name: "constructor" };
  }
  if (d.name && (ts.isIdentifier(d.name) || ts.isPrivateIdentifier(d.name) || ts.isStringLiteral(d.name) || ts.isNumericLiteral(d.name)))
    return { node: d.name, name: d.name.text };
  if (d.name && ts.isComputedPropertyName(d.name)) return { node: d.name, name: d.name.getText() };
  return { node: d, name: "default" };
}

function isInterfaceMember(decl) {
  if (ts.isMethodSignature(decl) || ts.isPropertySignature(decl) || ts.isCallSignatureDeclaration(decl)) return true;
  const mods = ts.canHaveModifiers(decl) ? ts.getModifiers(decl) ?? [] : [];
  return mods.some((m) => m.kind === ts.SyntaxKind.AbstractKeyword);
}

function isStaticReceiver(checker, recv) {
  const sym = resolveAlias(checker, checker.getSymbolAtLocation(recv));
  if (!sym) return false;
  // a runtime global such as Math, Object, Array, JSON, console, Promise (`declare var` in a .d.ts)
  const decls = sym.declarations ?? [];
  if (decls.length && decls.every((d) => d.getSourceFile().isDeclarationFile) &&
    decls.some((d) => ts.isVariableDeclaration(d) && ts.isSourceFile(d.parent.parent.parent))) return true;
  return !!(sym.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Enum | ts.SymbolFlags.Module)) &&
    !(sym.flags & (ts.SymbolFlags.Variable | ts.SymbolFlags.Property | ts.SymbolFlags.Parameter)) ||
    !!(sym.flags & ts.SymbolFlags.ValueModule);
}

function receiverShape(checker, recvRaw) {
  const recv = unwrap(recvRaw);
  if (recv.kind === ts.SyntaxKind.ThisKeyword) return "self";
  if (recv.kind === ts.SyntaxKind.SuperKeyword) return "super";
  if (ts.isIdentifier(recv)) return isStaticReceiver(checker, recv) ? "qualified" : "typed_receiver";
  if (ts.isPropertyAccessExpression(recv)) {
    if (isStaticReceiver(checker, recv.name)) return "qualified";
    return "field_chain";
  }
  if (ts.isElementAccessExpression(recv)) return "field_chain";
  if (ts.isCallExpression(recv)) {
    return unwrap(recv.expression).kind === ts.SyntaxKind.SuperKeyword ? "super" : "call_result";
  }
  if (ts.isNewExpression(recv)) return "call_result";
  return "typed_receiver";
}

function byteCol(sf, pos) {
  const lc = sf.getLineAndCharacterOfPosition(pos);
  const lineStart = sf.getPositionOfLineAndCharacter(lc.line, 0);
  return { line: lc.line + 1, col: Buffer.byteLength(sf.text.slice(lineStart, pos), "utf8") };
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const t0 = Date.now();
  const { program, cfgPath } = makeProgram(args);
  const checker = program.getTypeChecker();
  const files = program.getSourceFiles().filter((sf) => !sf.isDeclarationFile && inRoot(args.root, sf.fileName) && SOURCE_EXT.test(sf.fileName));
  const rels = files.map((sf) => inRoot(args.root, sf.fileName)).sort();
  const out = fs.createWriteStream(args.out);
  const header = {
    oracle: `typescript ${ts.version} checker`, language: files.some((f) => f.fileName.endsWith(".tsx")) ? "typescript+tsx" : "typescript",
    root: args.root, files: rels,
  };
  if (cfgPath) header.tsconfig = cfgPath;
  if (args.conditions.length) header.conditions = args.conditions;
  out.write(JSON.stringify(header) + "\n");
  const skippedOut = args.skipped ? fs.createWriteStream(args.skipped) : null;
  const skip = (why, sf, node) => {
    stats[why]++;
    if (skippedOut) {
      const { line, col } = byteCol(sf, node.getStart(sf));
      skippedOut.write(`${why}\t${inRoot(args.root, sf.fileName)}:${line}:${col}\t${node.getText(sf).slice(0, 80).replace(/\s+/g, " ")}\n`);
    }
  };
  const stats = { calls: 0, written: 0, internal: 0, external: 0, skipped_any: 0, skipped_dynamic: 0, skipped_unresolved: 0, skipped_form: 0 };
  const shapes = {};

  const internalFile = (dsf) => inRoot(args.root, dsf.fileName);

  function judge(sf, call) {
    stats.calls++;
    const isNew = ts.isNewExpression(call);
    // `(f as any)()` is an untyped call: only parentheses and `!` are looked through here
    let callee = call.expression;
    while (ts.isParenthesizedExpression(callee) || ts.isNonNullExpression(callee)) callee = callee.expression;
    let nameNode, shape, ctorClass = null;
    if (callee.kind === ts.SyntaxKind.SuperKeyword) {
      nameNode = callee; shape = "super";
    } else if (ts.isIdentifier(callee)) {
      nameNode = callee; shape = "plain";
    } else if (ts.isPropertyAccessExpression(callee)) {
      nameNode = callee.name;
      shape = receiverShape(checker, callee.expression);
      if (isNew && shape !== "self" && shape !== "super") shape = "qualified";
    } else {
      skip("skipped_form", sf, callee); // f()(), (cond ? a : b)(), x[k](), import(...)
      return;
    }
    const nameSym = () => nameNode.kind === ts.SyntaxKind.SuperKeyword ? null : checker.getSymbolAtLocation(nameNode);
    let decl = null;
    if (isNew || callee.kind === ts.SyntaxKind.SuperKeyword) {
      let cls;
      if (callee.kind === ts.SyntaxKind.SuperKeyword) {
        const t = checker.getTypeAtLocation(callee);
        cls = t?.symbol?.declarations?.find(isClassLike) ?? null;
      } else cls = classDeclOf(checker, nameSym());
      if (cls) decl = classTarget(checker, cls);
    }
    if (!decl) {
      let sig;
      try { sig = checker.getResolvedSignature(call); } catch { sig = undefined; }
      const d = sig?.declaration;
      const calleeSym = resolveAlias(checker, nameSym());
      // the signature must be one the callee name declares: `const base = inst._zod.parse;
      // base()` resolves to the signature of `parse`, but calls a local variable (dynamic)
      const owned = d && (!calleeSym?.declarations?.length || calleeSym.declarations.includes(d));
      if (d && !TYPE_ONLY_SIG.has(d.kind) && owned) decl = implementationOf(checker, d);
      else if (!d && callee.kind !== ts.SyntaxKind.SuperKeyword && (checker.getTypeAtLocation(callee).flags & ts.TypeFlags.Any)) {
        skip("skipped_any", sf, nameNode); return;
      } else {
        // only a type's signature: look at what the callee name denotes
        const sym = resolveAlias(checker, nameSym());
        let symDecls = sym?.declarations ?? [];
        if (!sym && ts.isPropertyAccessExpression(callee)) {
          // a property of a union (`key.toString()`, key: string | symbol): its members' declarations
          const t = checker.getTypeAtLocation(callee.expression);
          for (const ti of t.isUnion() ? t.types : [t]) {
            const p = checker.getPropertyOfType(checker.getApparentType(ti), callee.name.text);
            symDecls = symDecls.concat(p?.declarations ?? []);
          }
        }
        if (sym) decl = declFromSymbol(checker, sym);
        if (!decl) {
          // a library value (`new Map()`, a global of a .d.ts): an external call all the same
          const ext = symDecls.length ? symDecls : d ? [d] : [];
          if (ext.length && ext.every((x) => !internalFile(x.getSourceFile()))) decl = ext[0];
          else { skip(sym ? "skipped_dynamic" : "skipped_unresolved", sf, nameNode); return; }
        }
      }
    }
    const { line, col } = byteCol(sf, nameNode.getStart(sf));
    const dsf = decl.getSourceFile();
    const relT = internalFile(dsf);
    let target = null;
    if (relT) {
      const n = nameOf(decl);
      target = { file: relT, line: dsf.getLineAndCharacterOfPosition(n.node.getStart(dsf)).line + 1, name: n.name };
      const ov = overloadLines(checker, decl);
      if (ov.length) target.overloads = ov;
      if (isInterfaceMember(decl)) shape = "interface";
      stats.internal++;
    } else stats.external++;
    stats.written++;
    shapes[shape] = (shapes[shape] ?? 0) + 1;
    out.write(JSON.stringify({ file: inRoot(args.root, sf.fileName), line, col, name: nameNode.getText(sf), target, shape }) + "\n");
  }

  for (const sf of files) {
    const visit = (node) => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        if (!(ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)) judge(sf, node);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  out.end();
  skippedOut?.end();
  const diags = ts.getPreEmitDiagnostics(program).filter((d) => d.category === ts.DiagnosticCategory.Error);
  const diagRoot = diags.filter((d) => d.file && inRoot(args.root, d.file.fileName)).length;
  const codes = {};
  for (const d of diags) codes[`TS${d.code}`] = (codes[`TS${d.code}`] ?? 0) + 1;
  const top = Object.entries(codes).sort((a, b) => b[1] - a[1]).slice(0, 8);
  process.stderr.write(JSON.stringify({ root: args.root, files: rels.length, ...stats, shapes, diagnostics: diags.length, diagnostics_in_root: diagRoot, top_codes: Object.fromEntries(top), seconds: (Date.now() - t0) / 1000 }) + "\n");
  for (const d of diags.slice(0, args.diagnostics)) {
    const where = d.file ? `${path.relative(args.root, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : "";
    process.stderr.write(`  ${where} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, " ").slice(0, 200)}\n`);
  }
}

main();
