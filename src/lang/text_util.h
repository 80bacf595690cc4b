// Small text helpers for extraction: whitespace normalisation, signatures, comment cleaning,
// qualified-name splitting. Pure functions, no tree-sitter.
#pragma once

#include <string>
#include <string_view>
#include <utility>

namespace cg::lang {

// Collapses runs of whitespace to one space and trims.
std::string normalizeSpace(std::string_view text);
// A declaration head: whitespace-normalised, trailing '{' ':' '=' dropped, capped with "…".
std::string makeSignature(std::string_view head, size_t maxBytes);
// Strips comment markers (// /* */ # * ''' """) from each line and joins the text.
std::string cleanComment(std::string_view text, size_t maxBytes);
// "a.b.c" → {"a.b", "c"}; "ns::f" → {"ns", "f"}; "p->m" → {"p", "m"}; "f" → {"", "f"}.
// Separators inside brackets or template arguments do not split.
std::pair<std::string, std::string> splitQualified(std::string_view text);
// A receiver as written can be a whole expression (a chained call over a function literal):
// argument lists collapse to "()", whitespace is normalised, and the result is capped.
std::string compactQualifier(std::string_view text);
// The name of the type a declaration writes, as a type expression's head: pointers, references,
// `const`, nullability (`T?`, `T | None`, `Optional[T]`), smart pointers and type arguments
// dropped: `*pkg.Server` → "pkg.Server", `List<Item>` → "List", `Optional["Env"]` → "Env".
// "" when the text names no single type (`[]T`, `map[K]V`, `A | B`, a function type).
std::string typeName(std::string_view text);
// The element type of a collection type a declaration writes: `[]*Item`, `[4]Item`, `Item[]`,
// `map[string]Item` / `Map<K, Item>` / `dict[str, Item]` (the values), `List<Item>`,
// `list[Item]`, `Sequence[Item]`, `Vec<Item>`, `&[Item]`, `Array<Item>`, `Set<Item>` → "Item";
// "" when it is no collection of one named type.
std::string elementTypeName(std::string_view text);
// The element type of a subscripted collection annotation (Python): `List[Item]`,
// `Dict[str, Item]` (the values), `Optional[Sequence["Item"]]`, `Mapping[str, Type[Item]]` →
// "Item"; "" for anything else (a tuple, a generator, a user-defined generic).
std::string subscriptElementTypeName(std::string_view text);
// The value an initialiser computes, as a type expression (docs/captures.md, `@value`):
// `new T(...)` and `T{...}` → "{T}"; a chain of names, members and calls → the chain with
// argument lists emptied and `->`/`?.` written `.` (`NewServer(cfg).store` →
// "NewServer().store", `await this.repo.find(id)` → "this.repo.find()"); "" for anything else
// (an index, an operator, a literal).
std::string valueChain(std::string_view text);
// Removes one pair of surrounding quotes ("x", 'x', `x`, <x>).
std::string stripQuotes(std::string text);

// The index of the bracket that closes the one at `open` (the same kind: (), [], {}, <>),
// skipping quoted strings; npos when it is not closed.
size_t closingBracket(std::string_view s, size_t open);
// Cuts `s` to at most maxBytes without splitting a UTF-8 sequence, adding "…" when cut.
std::string capUtf8(std::string_view s, size_t maxBytes);

}  // namespace cg::lang
