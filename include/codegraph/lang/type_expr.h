// Type expressions (docs/captures.md "Receiver types"): the text helpers the resolver shares
// with the extractor.
#pragma once

#include <string>
#include <string_view>

namespace cg::lang {

// The type a declaration writes, as a name (`*pkg.Server` → "pkg.Server", `Optional["Env"]` →
// "Env", `Subscriber<R>` → "Subscriber"); "" when it names no single type.
std::string typeNameOf(std::string_view text);

}  // namespace cg::lang
