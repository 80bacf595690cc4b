// What a declared signature says about types (docs/captures.md "Receiver types"): the type a
// type guard asserts, and the type a callback parameter's function type gives one of its own
// parameters. Text helpers of the resolver's receiver types (resolver_types.cpp).
#pragma once

#include <string>

namespace cg::indexer {

// The type a type guard's signature asserts (`(thing: any): thing is ObservableMap` →
// "ObservableMap"); "" when its result is no `x is T`.
std::string guardedType(const std::string& signature);

// The type name of parameter `paramIndex` of the function type that parameter `argIndex` of
// `signature` declares (`init: (source: Observable<T>, subscriber: Subscriber<R>) => void`,
// argIndex 0, paramIndex 1 → "Subscriber"); "" when the signature does not say. `qualifiedName`
// is the declaration's, whose last segment marks where its parameter list starts.
std::string callbackParameterType(const std::string& signature, const std::string& qualifiedName,
                                  int argIndex, int paramIndex);

}  // namespace cg::indexer
