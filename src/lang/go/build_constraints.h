// Go build constraints: whether a file belongs to the default build, GOOS=linux GOARCH=amd64
// with the gc toolchain and cgo off (the build `go vet` and `go build` make on the machine the
// index is read on, and the one the accuracy oracle type-checks).
//   - file names: *_GOOS.go, *_GOARCH.go, *_GOOS_GOARCH.go (before an optional _test);
//   - `//go:build expr` (&&, ||, !, parentheses), else `// +build` lines (space = or, comma = and,
//     lines and-ed), above the package clause.
// Tags that hold: linux, amd64, unix, gc, goN.M (every release tag). Every other tag is false:
// other systems and architectures, cgo, ignore, custom tags.
#pragma once

#include <string>
#include <string_view>

namespace cg::lang::go {

// True when `path` with content `text` (its start up to the package clause is enough) is not
// compiled in the default build.
bool isOtherBuild(std::string_view path, std::string_view text);
// The build a file's name says it belongs to ("windows", "linux_arm64"), "" when it names none.
std::string buildOfFileName(std::string_view path);
// The value of a `//go:build` expression (without the prefix) under the default build's tags;
// nullopt-like false for a malformed expression.
bool evalBuildExpression(std::string_view expr);

}  // namespace cg::lang::go
