// go_oracle: the Go call-site oracle (format: tests/bench/oracles/FORMAT.md).
//
// It type-checks Go packages with go/types (standard library only) and writes, for every call
// whose callee resolves to a function or method (*types.Func, interface methods included) or to
// a builtin, the declaration the checker binds it to. Conversions, calls of function values
// (variables, fields, literals) and calls the checker cannot resolve are not written.
//
// Files come from go/build's context, so build constraints are honoured: the oracle sees the
// non-test linux/amd64 build with cgo disabled (set GOOS/GOARCH/CGO_ENABLED to change that).
// Imports are type-checked from source by importer.ForCompiler(fset, "source", nil) in GOPATH
// mode (GO111MODULE=off); nothing is downloaded.
//
//	go run go_oracle.go -root DIR [-o OUT.jsonl] [-deps=true] [import/path ...]
//
// With no import path, every package under DIR is checked (testdata, vendor and dirs starting
// with "." or "_" are skipped). With -deps (the default), the packages under DIR that the
// checked packages import, directly or not, are checked too, so `files` is the whole compiled
// build of the tree that those packages use. target = the position of the Func's name
// (obj.Pos(), the declaring method for a promoted one) when its file lies under DIR, else null.
// The header's root is DIR with symlinks resolved (the tree to index).
// A package with type errors still yields every site the checker resolved; counts go to stderr.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
)

type target struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Name string `json:"name"`
}

type site struct {
	File   string  `json:"file"`
	Line   int     `json:"line"`
	Col    int     `json:"col"`
	Name   string  `json:"name"`
	Target *target `json:"target"`
	Shape  string  `json:"shape"`
}

type header struct {
	Oracle   string   `json:"oracle"`
	Language string   `json:"language"`
	Root     string   `json:"root"`
	Files    []string `json:"files"`
}

var (
	fset     = token.NewFileSet()
	rootAbs  string // as given, absolute
	rootReal string // symlinks resolved
	realDirs = map[string]string{}
)

// rel returns the path of filename relative to the root ("/"-separated), or "" when outside it.
func rel(filename string) string {
	if filename == "" {
		return ""
	}
	dir, base := filepath.Split(filename)
	rd, ok := realDirs[dir]
	if !ok {
		rd = filepath.Clean(dir)
		if r, err := filepath.EvalSymlinks(rd); err == nil {
			rd = r
		}
		realDirs[dir] = rd
	}
	full := filepath.Join(rd, base)
	if !strings.HasPrefix(full, rootReal+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(full[len(rootReal)+1:])
}

func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

func isInterfaceMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok = t.Underlying().(*types.Interface)
	return ok
}

type checker struct {
	imp      types.ImporterFrom
	ctxt     *build.Context
	deps     bool
	queued   map[string]bool // by directory (real path)
	queue    []*build.Package
	files    []string
	sites    []site
	typeErrs int
	pkgErrs  int
	checked  int
	skipped  int
	byShape  map[string]int
	internal int
	external int
}

func (c *checker) enqueue(bp *build.Package) {
	d := bp.Dir
	if r, err := filepath.EvalSymlinks(d); err == nil {
		d = r
	}
	if c.queued[d] {
		return
	}
	c.queued[d] = true
	c.queue = append(c.queue, bp)
}

func (c *checker) inRoot(dir string) bool {
	r, err := filepath.EvalSymlinks(dir)
	if err != nil {
		r = dir
	}
	return r == rootReal || strings.HasPrefix(r, rootReal+string(filepath.Separator))
}

func (c *checker) check(bp *build.Package) {
	names := append(append([]string{}, bp.GoFiles...), bp.CgoFiles...)
	sort.Strings(names)
	var files []*ast.File
	for _, n := range names {
		path := filepath.Join(bp.Dir, n)
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			fmt.Fprintf(os.Stderr, "  parse %s: %v\n", path, err)
		}
		if f != nil {
			files = append(files, f)
		}
	}
	info := &types.Info{
		Uses:       map[*ast.Ident]types.Object{},
		Defs:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
	nerr := 0
	var firstErrs []string
	conf := types.Config{
		Importer: c.imp,
		Sizes:    types.SizesFor("gc", c.ctxt.GOARCH),
		Error: func(err error) {
			nerr++
			if len(firstErrs) < 3 {
				firstErrs = append(firstErrs, err.Error())
			}
		},
	}
	conf.Check(bp.ImportPath, fset, files, info) // errors are counted by conf.Error
	if nerr > 0 {
		c.pkgErrs++
		c.typeErrs += nerr
		fmt.Fprintf(os.Stderr, "  %s: %d type errors, e.g. %s\n", bp.ImportPath, nerr, strings.Join(firstErrs, " | "))
	}
	c.checked++

	// receiver variables of methods: x.m() with x one of them is shape "self"
	recvs := map[types.Object]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil {
				for _, fld := range fd.Recv.List {
					for _, n := range fld.Names {
						if o := info.Defs[n]; o != nil {
							recvs[o] = true
						}
					}
				}
			}
		}
	}

	n0 := len(c.sites)
	for _, f := range files {
		fname := fset.PositionFor(f.Pos(), false).Filename
		frel := rel(fname)
		if frel == "" {
			fmt.Fprintf(os.Stderr, "  %s: outside the root, skipped\n", fname)
			continue
		}
		c.files = append(c.files, frel)
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			c.site(info, recvs, frel, call)
			return true
		})
	}
	fmt.Fprintf(os.Stderr, "  %s: %d files, %d sites\n", bp.ImportPath, len(files), len(c.sites)-n0)

	if c.deps {
		for _, ip := range bp.Imports {
			if ip == "C" || ip == "unsafe" {
				continue
			}
			dep, err := c.ctxt.Import(ip, bp.Dir, 0)
			if err != nil || !c.inRoot(dep.Dir) {
				continue
			}
			c.enqueue(dep)
		}
	}
}

func (c *checker) site(info *types.Info, recvs map[types.Object]bool, frel string, call *ast.CallExpr) {
	fun := unparen(call.Fun)
	// explicit instantiation f[T](...), pkg.F[T1, T2](...)
	switch ix := fun.(type) {
	case *ast.IndexExpr:
		fun = unparen(ix.X)
	case *ast.IndexListExpr:
		fun = unparen(ix.X)
	}
	var id *ast.Ident
	var x ast.Expr
	var sel *types.Selection
	switch f := fun.(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
		x = unparen(f.X)
		sel = info.Selections[f]
	default:
		return
	}
	obj := info.Uses[id]
	var tgt *target
	shape := ""
	switch o := obj.(type) {
	case *types.Builtin:
		if x != nil {
			// unsafe.Sizeof, Offsetof, Slice...: builtins to go/types, with no declaration; the
			// standard library's src/unsafe/unsafe.go declares them for documentation, and an
			// index of that tree rightly binds them there. Not judged either way.
			return
		}
		shape = "plain"
	case *types.Func:
		if p := o.Pos(); p.IsValid() {
			pos := fset.PositionFor(p, false)
			if r := rel(pos.Filename); r != "" {
				tgt = &target{File: r, Line: pos.Line, Name: o.Name()}
			}
		}
		switch {
		case x == nil:
			shape = "plain"
		case sel == nil: // pkg.F
			shape = "qualified"
		case isInterfaceMethod(o):
			shape = "interface"
		case sel.Kind() == types.MethodExpr: // T.M(x), (*T).M(x)
			shape = "qualified"
		default:
			switch xx := x.(type) {
			case *ast.Ident:
				if recvs[info.Uses[xx]] {
					shape = "self"
				} else {
					shape = "typed_receiver"
				}
			case *ast.SelectorExpr:
				shape = "field_chain"
			case *ast.CallExpr:
				shape = "call_result"
			default:
				shape = "typed_receiver"
			}
		}
	default:
		return // a conversion, a function value, or unresolved
	}
	pos := fset.PositionFor(id.Pos(), false)
	c.sites = append(c.sites, site{File: frel, Line: pos.Line, Col: pos.Column - 1, Name: id.Name, Target: tgt, Shape: shape})
	c.byShape[shape]++
	if tgt != nil {
		c.internal++
	} else {
		c.external++
	}
}

// allUnder lists the packages of every directory under root (the go tool's "./..." rules).
func allUnder(ctxt *build.Context, root string) []*build.Package {
	var out []*build.Package
	// walk the real tree, but import each directory by its path under root as given: a root
	// that is a symlink placed in a GOPATH (a /v5 module path) gives its packages their import paths
	filepath.WalkDir(rootReal, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != rootReal && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		if path != rootReal {
			path = filepath.Join(root, path[len(rootReal)+1:])
		} else {
			path = root
		}
		bp, err := ctxt.ImportDir(path, 0)
		if err != nil {
			if _, ok := err.(*build.NoGoError); !ok {
				fmt.Fprintf(os.Stderr, "  skip %s: %v\n", path, err)
			}
			if bp == nil || len(bp.GoFiles) == 0 {
				return nil
			}
		}
		out = append(out, bp)
		return nil
	})
	return out
}

func main() {
	root := flag.String("root", "", "the indexed tree (required)")
	out := flag.String("o", "", "output JSONL (default stdout)")
	deps := flag.Bool("deps", true, "also check the packages under root that the checked ones import")
	flag.Parse()
	if *root == "" {
		fmt.Fprintln(os.Stderr, "usage: go_oracle -root DIR [-o OUT.jsonl] [-deps=false] [import/path ...]")
		os.Exit(2)
	}
	var err error
	if rootAbs, err = filepath.Abs(*root); err != nil {
		panic(err)
	}
	rootReal = rootAbs
	if r, err := filepath.EvalSymlinks(rootAbs); err == nil {
		rootReal = r
	}

	ctxt := &build.Default // the source importer reads build.Default: configure it first
	if os.Getenv("GOOS") == "" {
		ctxt.GOOS = "linux"
	}
	if os.Getenv("GOARCH") == "" {
		ctxt.GOARCH = "amd64"
	}
	if os.Getenv("CGO_ENABLED") != "1" {
		ctxt.CgoEnabled = false
	}
	imp := importer.ForCompiler(fset, "source", nil).(types.ImporterFrom)

	c := &checker{imp: imp, ctxt: ctxt, deps: *deps, queued: map[string]bool{}, byShape: map[string]int{}}
	if flag.NArg() == 0 {
		for _, bp := range allUnder(ctxt, rootAbs) {
			c.enqueue(bp)
		}
	} else {
		for _, ip := range flag.Args() {
			bp, err := ctxt.Import(ip, rootAbs, 0)
			if err != nil && (bp == nil || len(bp.GoFiles) == 0) {
				fmt.Fprintf(os.Stderr, "  skip %s: %v\n", ip, err)
				c.skipped++
				continue
			}
			if !c.inRoot(bp.Dir) {
				fmt.Fprintf(os.Stderr, "  skip %s: %s is not under %s\n", ip, bp.Dir, rootAbs)
				c.skipped++
				continue
			}
			c.enqueue(bp)
		}
	}
	for i := 0; i < len(c.queue); i++ {
		c.check(c.queue[i])
	}

	sort.Strings(c.files)
	sort.SliceStable(c.sites, func(i, j int) bool {
		a, b := c.sites[i], c.sites[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	w := os.Stdout
	if *out != "" {
		if w, err = os.Create(*out); err != nil {
			panic(err)
		}
		defer w.Close()
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	if c.files == nil {
		c.files = []string{}
	}
	enc.Encode(header{Oracle: "go/types " + runtime.Version(), Language: "go", Root: rootReal, Files: c.files})
	for i := range c.sites {
		enc.Encode(&c.sites[i])
	}
	shapes := make([]string, 0, len(c.byShape))
	for k, v := range c.byShape {
		shapes = append(shapes, fmt.Sprintf("%s %d", k, v))
	}
	sort.Strings(shapes)
	fmt.Fprintf(os.Stderr, "go_oracle: %d packages checked (%d with type errors, %d errors in all; %d skipped), %d files, %d sites: target in the tree %d, library/builtin %d; shapes: %s\n",
		c.checked, c.pkgErrs, c.typeErrs, c.skipped, len(c.files), len(c.sites), c.internal, c.external, strings.Join(shapes, ", "))
}
