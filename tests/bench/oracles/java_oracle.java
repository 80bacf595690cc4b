// java_oracle: the Java call-site oracle (format: tests/bench/oracles/FORMAT.md).
//
// It compiles every .java file under ROOT with the JDK's own compiler through its public API
// (javax.tools.JavaCompiler + com.sun.source.util.JavacTask: parse() then analyze(), which
// enters and attributes every class; no code is generated, no third-party library is used) and
// writes, for every method invocation (MethodInvocationTree, `super(...)` / `this(...)` included)
// and every class instance creation (NewClassTree), the declaration javac bound it to.
//
//   javac -d /tmp/java-oracle/classes tests/bench/oracles/java_oracle.java
//   java -cp /tmp/java-oracle/classes java_oracle --root ROOT --out OUT.jsonl
//        [--classpath JARS] [--release N] [--skipped FILE] [--diagnostics N]
//
// Normally run through java_oracle.sh beside this file (corpus download + build + run).
//
// Compilation: all files of ROOT in one task, options -proc:none -nowarn -Xlint:none
// -implicit:none -encoding UTF-8 -XDshould-stop.ifError=FLOW (attribution goes on past errors);
// the class path is --classpath (default: empty, so only the JDK's platform classes) and the
// source path is empty (nothing outside ROOT is read as source). A file with errors still yields
// every site javac attributed; error counts go to stderr.
//
// Site: the callee's name identifier: `m` of `m(x)` / `a.b.m(x)` / `a.<T>m(x)`, the keyword of
// `super(x)` / `this(x)`, the last identifier of the class name of `new T()`, `new p.T<X>()`,
// `outer.new Inner()`. col is 0-based in UTF-8 bytes (javac counts UTF-16 units; converted).
// Calls javac generated (the `super()` of a default constructor, an anonymous class's
// constructor) and enum constants' implicit constructor calls (`RED(1)` in an enum body: no
// `new`) are not sites. A call whose symbol javac did not resolve (an error symbol, a missing
// class) is not written: counted as unresolved (listed in --skipped FILE).
//
// target = the declaration of the element javac bound (Trees.getElement of the call's path):
// the exact overload chosen; for an inherited method the method of the superclass / interface
// that declares it (javac binds the declaring member, an override is not followed);
// for `new T()` T's constructor, or the class T when the constructor is the implicit default
// one (Elements.getOrigin == MANDATED); `super(x)` / `this(x)` likewise; for an anonymous
// class `new B(x) { ... }` the constructor of B javac picked for it (the `super(x)` of the
// anonymous class's generated constructor), or the class / interface B when that constructor is
// implicit / B is an interface. Members an enum gets implicitly (values(), valueOf(String))
// target the enum. The position is that of the declaration's name identifier (file relative to
// ROOT, 1-based line, name; a constructor's name is its class's), found in the source text after
// the declaration's modifiers / type parameters / return type. target is null when the
// declaration is not in a source file of ROOT (JDK classes, jars of --classpath).
//
// shape: plain `m()` (unqualified: implicit this, an outer class's method, a static import) and
// `new T()`; self `this.m()`, `Outer.this.m()`, `this(x)`; super `super.m()`, `I.super.m()`,
// `super(x)`; qualified `Type.m()`, `pkg.Type.m()` (receiver names a type or package) and
// `new p.T()` / `new Outer.Inner()`; typed_receiver `x.m()` (x a local, parameter or field name;
// also literals, conditionals and other expressions); field_chain `a.b.m()`, `this.f.m()`,
// `Type.FIELD.m()`, `a[i].m()`; call_result `f().m()`, `new T().m()` (parentheses and casts are
// looked through: `((T) x).m()` is typed_receiver); interface, whatever the receiver (not
// `super.`), when the bound method is neither static nor private and is declared in an
// interface (default methods included) or is abstract, in the tree or in the JDK alike.
//
// The header's root is ROOT with symlinks resolved; files = every .java file under ROOT.
import com.sun.source.tree.*;
import com.sun.source.util.*;

import javax.lang.model.element.*;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.util.Elements;
import javax.tools.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.stream.*;

public class java_oracle {
    static Path root;
    static Trees trees;
    static SourcePositions sp;
    static Elements elements;
    static final Map<CompilationUnitTree, String> relOf = new HashMap<>();
    static final Map<CompilationUnitTree, CharSequence> textOf = new HashMap<>();
    static final TreeMap<String, Integer> shapes = new TreeMap<>();
    static final TreeMap<String, Integer> stats = new TreeMap<>();
    static PrintWriter out, skipped;

    static void count(String k) { stats.merge(k, 1, Integer::sum); }

    public static void main(String[] argv) throws Exception {
        long t0 = System.currentTimeMillis();
        String rootArg = null, outArg = null, cp = "", release = null, skippedArg = null;
        int nDiag = 5;
        for (int i = 0; i < argv.length; i++) {
            String k = argv[i];
            if (i + 1 >= argv.length) usage("missing value for " + k);
            String v = argv[++i];
            switch (k) {
                case "--root": rootArg = v; break;
                case "--out": outArg = v; break;
                case "--classpath": cp = v; break;
                case "--release": release = v; break;
                case "--skipped": skippedArg = v; break;
                case "--diagnostics": nDiag = Integer.parseInt(v); break;
                default: usage("unknown argument " + k);
            }
        }
        if (rootArg == null || outArg == null) usage("--root and --out are required");
        root = Paths.get(rootArg).toRealPath();
        List<Path> files;
        try (Stream<Path> s = Files.walk(root)) {
            files = s.filter(p -> p.toString().endsWith(".java") && Files.isRegularFile(p)
                            && !p.getFileName().toString().equals("module-info.java"))
                    .sorted().collect(Collectors.toList());
        }
        if (files.isEmpty()) usage("no .java file under " + root);

        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diags = new DiagnosticCollector<>();
        StandardJavaFileManager fm = javac.getStandardFileManager(diags, Locale.ROOT, StandardCharsets.UTF_8);
        List<File> cpFiles = new ArrayList<>();
        for (String e : cp.split(File.pathSeparator)) if (!e.isEmpty()) cpFiles.add(new File(e));
        fm.setLocation(StandardLocation.CLASS_PATH, cpFiles);
        fm.setLocation(StandardLocation.SOURCE_PATH, List.of());
        List<String> opts = new ArrayList<>(List.of("-proc:none", "-nowarn", "-Xlint:none", "-implicit:none",
                "-encoding", "UTF-8", "-XDshould-stop.ifError=FLOW", "-Xmaxerrs", "100000"));
        if (release != null) { opts.add("--release"); opts.add(release); }
        JavacTask task = (JavacTask) javac.getTask(null, fm, diags, opts, null,
                fm.getJavaFileObjectsFromPaths(files));
        List<CompilationUnitTree> units = new ArrayList<>();
        for (CompilationUnitTree u : task.parse()) units.add(u);
        task.analyze();
        trees = Trees.instance(task);
        sp = trees.getSourcePositions();
        elements = task.getElements();

        List<String> rels = new ArrayList<>();
        for (CompilationUnitTree u : units) {
            Path p = Paths.get(u.getSourceFile().toUri()).toRealPath();
            String r = root.relativize(p).toString().replace(File.separatorChar, '/');
            relOf.put(u, r);
            rels.add(r);
        }
        Collections.sort(rels);

        int errors = 0;
        Map<String, Integer> errCodes = new TreeMap<>();
        List<String> firstErrs = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diags.getDiagnostics()) {
            if (d.getKind() != Diagnostic.Kind.ERROR) continue;
            errors++;
            errCodes.merge(d.getCode(), 1, Integer::sum);
            if (firstErrs.size() < nDiag) firstErrs.add(d.toString().split("\n")[0]);
        }

        out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(
                new FileOutputStream(outArg), StandardCharsets.UTF_8)));
        if (skippedArg != null) skipped = new PrintWriter(new BufferedWriter(new OutputStreamWriter(
                new FileOutputStream(skippedArg), StandardCharsets.UTF_8)));
        StringBuilder h = new StringBuilder("{\"oracle\": ").append(js("javac " + System.getProperty("java.version")
                + " (JavacTask.analyze" + (release != null ? ", --release " + release : "") + ")"))
                .append(", \"language\": \"java\", \"root\": ").append(js(root.toString())).append(", \"files\": [");
        for (int i = 0; i < rels.size(); i++) h.append(i > 0 ? ", " : "").append(js(rels.get(i)));
        out.println(h.append("]}"));

        // sites of a file in source order
        units.sort(Comparator.comparing(relOf::get));
        for (CompilationUnitTree u : units) {
            List<String[]> lines = new ArrayList<>();
            new Scanner(u, lines).scan(u, null);
            lines.sort(Comparator.comparingLong((String[] l) -> Long.parseLong(l[0])).thenComparingLong(l -> Long.parseLong(l[2])));
            for (String[] l : lines) out.println(l[1]);
        }
        out.close();
        if (skipped != null) skipped.close();

        StringBuilder s = new StringBuilder("{\"root\": ").append(js(root.toString()))
                .append(", \"files\": ").append(rels.size());
        for (Map.Entry<String, Integer> e : stats.entrySet()) s.append(", ").append(js(e.getKey())).append(": ").append(e.getValue());
        s.append(", \"shapes\": {");
        int i = 0;
        for (Map.Entry<String, Integer> e : shapes.entrySet()) s.append(i++ > 0 ? ", " : "").append(js(e.getKey())).append(": ").append(e.getValue());
        s.append("}, \"errors\": ").append(errors).append(", \"error_codes\": {");
        i = 0;
        for (Map.Entry<String, Integer> e : errCodes.entrySet()) s.append(i++ > 0 ? ", " : "").append(js(e.getKey())).append(": ").append(e.getValue());
        s.append("}, \"seconds\": ").append((System.currentTimeMillis() - t0) / 1000.0).append("}");
        for (String e : firstErrs) System.err.println("error: " + e);
        System.err.println(s);
    }

    static void usage(String msg) {
        System.err.println(msg);
        System.err.println("usage: java java_oracle --root ROOT --out OUT.jsonl [--classpath JARS] [--release N] [--skipped FILE] [--diagnostics N]");
        System.exit(2);
    }

    static String js(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                default:
                    if (c < 0x20) b.append(String.format("\\u%04x", (int) c)); else b.append(c);
            }
        }
        return b.append('"').toString();
    }

    static CharSequence text(CompilationUnitTree u) {
        return textOf.computeIfAbsent(u, k -> {
            try { return k.getSourceFile().getCharContent(true); } catch (IOException e) { throw new UncheckedIOException(e); }
        });
    }

    /** 1-based line and 0-based UTF-8 byte column of char offset pos. */
    static long[] lineCol(CompilationUnitTree u, long pos) {
        LineMap lm = u.getLineMap();
        long line = lm.getLineNumber(pos);
        long start = lm.getStartPosition(line);
        CharSequence t = text(u);
        long bytes = t.subSequence((int) start, (int) pos).toString().getBytes(StandardCharsets.UTF_8).length;
        return new long[]{line, bytes};
    }

    static boolean isIdentPart(char c) { return Character.isJavaIdentifierPart(c); }

    /** offset of the first identifier token `name` in [from, to), comments and literals skipped; -1 if none. */
    static int findIdent(CharSequence t, int from, int to, String name) {
        int n = Math.min(to < 0 ? t.length() : to, t.length());
        int i = Math.max(from, 0);
        while (i < n) {
            char c = t.charAt(i);
            if (c == '/' && i + 1 < n && t.charAt(i + 1) == '/') {
                while (i < n && t.charAt(i) != '\n') i++;
            } else if (c == '/' && i + 1 < n && t.charAt(i + 1) == '*') {
                int e = t.toString().indexOf("*/", i + 2);
                i = e < 0 ? n : e + 2;
            } else if (c == '"' || c == '\'') {
                i++;
                while (i < n && t.charAt(i) != c) { if (t.charAt(i) == '\\') i++; i++; }
                i++;
            } else if (Character.isJavaIdentifierStart(c)) {
                int s = i;
                while (i < n && isIdentPart(t.charAt(i))) i++;
                if (t.subSequence(s, i).toString().equals(name)) return s;
            } else i++;
        }
        return -1;
    }

    /** target JSON ("null" or an object) of a declaration element. */
    static String targetOf(Element e) {
        if (e == null) return null;
        if (e.getKind() == ElementKind.CONSTRUCTOR && elements.getOrigin(e) == Elements.Origin.MANDATED)
            return classTarget(e.getEnclosingElement());
        TreePath p = trees.getPath(e);
        if (p == null || p.getLeaf() == null) {
            // no tree: a library element, or a member the compiler declares implicitly in a
            // type of the tree (an enum's values() / valueOf())
            Element enc = e.getEnclosingElement();
            if (enc instanceof TypeElement && trees.getPath(enc) != null && relOf.containsKey(trees.getPath(enc).getCompilationUnit()))
                return classTarget(enc);
            return "null";
        }
        CompilationUnitTree cu = p.getCompilationUnit();
        String rel = relOf.get(cu);
        if (rel == null) return "null";
        Tree leaf = p.getLeaf();
        if (leaf instanceof MethodTree) {
            MethodTree m = (MethodTree) leaf;
            if (sp.getEndPosition(cu, m) < 0) // generated (an implicit constructor)
                return classTarget(e.getEnclosingElement());
            long from = sp.getStartPosition(cu, m);
            from = Math.max(from, sp.getEndPosition(cu, m.getModifiers()));
            for (TypeParameterTree tp : m.getTypeParameters()) from = Math.max(from, sp.getEndPosition(cu, tp));
            if (m.getReturnType() != null) from = Math.max(from, sp.getEndPosition(cu, m.getReturnType()));
            String name = e.getKind() == ElementKind.CONSTRUCTOR ? e.getEnclosingElement().getSimpleName().toString()
                    : m.getName().toString();
            return declTarget(cu, rel, from, sp.getEndPosition(cu, m), name, sp.getStartPosition(cu, m));
        }
        if (leaf instanceof ClassTree) return classTarget(e);
        return "null";
    }

    static String classTarget(Element type) {
        TreePath p = trees.getPath(type);
        if (p == null || !(p.getLeaf() instanceof ClassTree)) return "null";
        CompilationUnitTree cu = p.getCompilationUnit();
        String rel = relOf.get(cu);
        if (rel == null) return "null";
        ClassTree c = (ClassTree) p.getLeaf();
        long start = sp.getStartPosition(cu, c);
        long from = Math.max(start, sp.getEndPosition(cu, c.getModifiers()));
        return declTarget(cu, rel, from, sp.getEndPosition(cu, c), c.getSimpleName().toString(), start);
    }

    static String declTarget(CompilationUnitTree cu, String rel, long from, long to, String name, long fallback) {
        int at = findIdent(text(cu), (int) from, (int) to, name);
        if (at < 0) { count("target_name_not_found"); at = (int) fallback; }
        long line = cu.getLineMap().getLineNumber(at);
        count("internal");
        return "{\"file\": " + js(rel) + ", \"line\": " + line + ", \"name\": " + js(name) + "}";
    }

    static boolean isTypeOrPackage(Element e) {
        if (e == null) return false;
        ElementKind k = e.getKind();
        return k.isClass() || k.isInterface() || k == ElementKind.PACKAGE;
    }

    static final class Scanner extends TreePathScanner<Void, Void> {
        final CompilationUnitTree cu;
        final List<String[]> lines;
        Scanner(CompilationUnitTree cu, List<String[]> lines) { this.cu = cu; this.lines = lines; }

        /** receiver shape of `recv.m()` */
        String recvShape(ExpressionTree recv) {
            ExpressionTree r = recv;
            while (true) {
                if (r instanceof ParenthesizedTree) r = ((ParenthesizedTree) r).getExpression();
                else if (r instanceof TypeCastTree) r = ((TypeCastTree) r).getExpression();
                else break;
            }
            if (r instanceof IdentifierTree) {
                String n = ((IdentifierTree) r).getName().toString();
                if (n.equals("this")) return "self";
                if (n.equals("super")) return "super";
                Element e = trees.getElement(new TreePath(getCurrentPath(), r));
                return isTypeOrPackage(e) ? "qualified" : "typed_receiver";
            }
            if (r instanceof MemberSelectTree) {
                String n = ((MemberSelectTree) r).getIdentifier().toString();
                if (n.equals("this")) return "self";
                if (n.equals("super")) return "super";
                Element e = trees.getElement(pathTo(r));
                return isTypeOrPackage(e) ? "qualified" : "field_chain";
            }
            if (r instanceof ArrayAccessTree) return "field_chain";
            if (r instanceof MethodInvocationTree || r instanceof NewClassTree) return "call_result";
            return "typed_receiver";
        }

        /** the path of a descendant tree of the current node */
        TreePath pathTo(Tree t) {
            TreePath p = TreePath.getPath(getCurrentPath(), t);
            return p != null ? p : new TreePath(getCurrentPath(), t);
        }

        void skip(String why, long pos, String name) {
            count(why);
            if (skipped != null) {
                long[] lc = pos >= 0 ? lineCol(cu, pos) : new long[]{0, 0};
                skipped.println(relOf.get(cu) + ":" + lc[0] + ":" + lc[1] + " " + name + " " + why);
            }
        }

        void emit(long pos, String name, String target, String shape) {
            long[] lc = lineCol(cu, pos);
            count("written");
            if (target.equals("null")) count("external");
            shapes.merge(shape, 1, Integer::sum);
            lines.add(new String[]{Long.toString(lc[0]), "{\"file\": " + js(relOf.get(cu)) + ", \"line\": " + lc[0] + ", \"col\": " + lc[1]
                    + ", \"name\": " + js(name) + ", \"target\": " + target + ", \"shape\": " + js(shape) + "}", Long.toString(lc[1])});
        }

        /** position of identifier `name` ending at end (a MemberSelect's name), checked against the text */
        long nameAt(ExpressionTree t, String name) {
            CharSequence tx = text(cu);
            if (t instanceof IdentifierTree) {
                long s = sp.getStartPosition(cu, t);
                return s >= 0 && matches(tx, s, name) ? s : -1;
            }
            long e = sp.getEndPosition(cu, t);
            if (e < 0) return -1;
            long s = e - name.length();
            return s >= 0 && matches(tx, s, name) ? s : -1;
        }

        boolean matches(CharSequence tx, long s, String name) {
            return s + name.length() <= tx.length() && tx.subSequence((int) s, (int) s + name.length()).toString().equals(name);
        }

        @Override
        public Void visitMethodInvocation(MethodInvocationTree node, Void v) {
            judgeCall(node);
            return super.visitMethodInvocation(node, v);
        }

        void judgeCall(MethodInvocationTree node) {
            if (sp.getEndPosition(cu, node) < 0) { skip("generated", sp.getStartPosition(cu, node), "-"); return; }
            count("calls");
            ExpressionTree sel = node.getMethodSelect();
            String name;
            if (sel instanceof IdentifierTree) name = ((IdentifierTree) sel).getName().toString();
            else if (sel instanceof MemberSelectTree) name = ((MemberSelectTree) sel).getIdentifier().toString();
            else { skip("skipped_form", sp.getStartPosition(cu, node), "?"); return; }
            long pos = nameAt(sel, name);
            if (pos < 0) { skip("skipped_position", sp.getStartPosition(cu, node), name); return; }
            Element e = trees.getElement(getCurrentPath());
            if (!(e instanceof ExecutableElement) || !(e.getKind() == ElementKind.METHOD || e.getKind() == ElementKind.CONSTRUCTOR)
                    || isErroneous(e)) {
                skip("unresolved", pos, name);
                return;
            }
            String shape;
            if (sel instanceof IdentifierTree)
                shape = name.equals("super") ? "super" : name.equals("this") ? "self" : "plain";
            else shape = recvShape(((MemberSelectTree) sel).getExpression());
            if (e.getKind() == ElementKind.METHOD && !e.getModifiers().contains(Modifier.STATIC)
                    && !e.getModifiers().contains(Modifier.PRIVATE) && !shape.equals("super")) {
                Element owner = e.getEnclosingElement();
                if (e.getModifiers().contains(Modifier.ABSTRACT) || owner.getKind().isInterface()) shape = "interface";
            }
            emit(pos, name, targetOf(e), shape);
        }

        static boolean isErroneous(Element e) {
            Element owner = e.getEnclosingElement();
            return owner == null || owner.asType().getKind() == TypeKind.ERROR;
        }

        @Override
        public Void visitNewClass(NewClassTree node, Void v) {
            judgeNew(node);
            return super.visitNewClass(node, v);
        }

        void judgeNew(NewClassTree node) {
            if (sp.getEndPosition(cu, node) < 0) { skip("generated", sp.getStartPosition(cu, node), "-"); return; }
            Tree parent = getCurrentPath().getParentPath().getLeaf();
            if (parent instanceof VariableTree) {
                Element pe = trees.getElement(getCurrentPath().getParentPath());
                if (pe != null && pe.getKind() == ElementKind.ENUM_CONSTANT) { count("enum_constant"); return; }
            }
            count("calls");
            ExpressionTree id = node.getIdentifier();
            while (true) {
                if (id instanceof ParameterizedTypeTree) id = (ExpressionTree) ((ParameterizedTypeTree) id).getType();
                else if (id instanceof AnnotatedTypeTree) id = ((AnnotatedTypeTree) id).getUnderlyingType();
                else break;
            }
            String name;
            if (id instanceof IdentifierTree) name = ((IdentifierTree) id).getName().toString();
            else if (id instanceof MemberSelectTree) name = ((MemberSelectTree) id).getIdentifier().toString();
            else { skip("skipped_form", sp.getStartPosition(cu, node), "?"); return; }
            long pos = nameAt(id, name);
            if (pos < 0) { skip("skipped_position", sp.getStartPosition(cu, node), name); return; }
            Element e = trees.getElement(getCurrentPath());
            if (!(e instanceof ExecutableElement) || e.getKind() != ElementKind.CONSTRUCTOR || isErroneous(e)) {
                skip("unresolved", pos, name);
                return;
            }
            String target;
            if (node.getClassBody() != null) {
                target = anonTarget(node, (ExecutableElement) e);
                if (target == null) { skip("unresolved", pos, name); return; }
            } else target = targetOf(e);
            String shape;
            if (node.getEnclosingExpression() != null) shape = recvShape(node.getEnclosingExpression());
            else shape = id instanceof MemberSelectTree ? "qualified" : "plain";
            emit(pos, name, target, shape);
        }

        /** `new B(x) { ... }`: the constructor of B the anonymous class's constructor calls, else B */
        String anonTarget(NewClassTree node, ExecutableElement anonCtor) {
            TypeElement anon = (TypeElement) anonCtor.getEnclosingElement();
            TypeElement base = null;
            if (!anon.getInterfaces().isEmpty()) {
                TypeMirror t = anon.getInterfaces().get(0);
                if (t instanceof DeclaredType) base = (TypeElement) ((DeclaredType) t).asElement();
            } else if (anon.getSuperclass() instanceof DeclaredType) {
                base = (TypeElement) ((DeclaredType) anon.getSuperclass()).asElement();
            }
            if (base == null || base.asType().getKind() == TypeKind.ERROR) return null;
            if (base.getKind().isInterface()) return targetOf(base);
            // the generated constructor of the anonymous class: its first statement is super(...)
            ClassTree body = node.getClassBody();
            TreePath bodyPath = pathTo(body);
            for (Tree m : body.getMembers()) {
                if (!(m instanceof MethodTree)) continue;
                MethodTree mt = (MethodTree) m;
                if (!mt.getName().contentEquals("<init>") || mt.getBody() == null) continue;
                for (StatementTree st : mt.getBody().getStatements()) {
                    if (st instanceof ExpressionStatementTree
                            && ((ExpressionStatementTree) st).getExpression() instanceof MethodInvocationTree) {
                        MethodInvocationTree sup = (MethodInvocationTree) ((ExpressionStatementTree) st).getExpression();
                        TreePath sp2 = new TreePath(new TreePath(new TreePath(new TreePath(bodyPath, mt), mt.getBody()), st), sup);
                        Element se = trees.getElement(sp2);
                        if (se != null && se.getKind() == ElementKind.CONSTRUCTOR && !isErroneous(se)) {
                            count("anonymous_super_ctor");
                            return targetOf(se);
                        }
                    }
                }
            }
            count("anonymous_class_fallback");
            return targetOf(base);
        }
    }
}
