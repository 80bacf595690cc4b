; Rust extraction queries (tree-sitter-rust 0.24). Capture vocabulary: docs/captures.md.
; Order matters: when two patterns capture the same node, the first one wins, so the
; container-aware patterns (a fn inside an impl or trait is a method) come first.

; ---------------------------------------------------------------------------
; Naming scopes: `impl Foo { .. }`, `impl<T> Trait for Foo<T> { .. }` name their items
; `Foo::item`. The impl block is not a symbol itself; @name is the implemented type without
; generics or path (`impl fmt::Debug for a::Foo<T>` → Foo). Primitive types (`impl u8`) and
; the pointee of `impl Trait for &T` / `for [T]` / `for *const T` count too.
; ---------------------------------------------------------------------------
(impl_item
  type: [
    (type_identifier) @name
    (primitive_type) @name
    (scoped_type_identifier name: (type_identifier) @name)
    (generic_type type: [
      (type_identifier) @name
      (scoped_type_identifier name: (type_identifier) @name)])
    (reference_type type: [
      (type_identifier) @name
      (primitive_type) @name
      (generic_type type: (type_identifier) @name)
      (array_type element: [(type_identifier) (primitive_type)] @name)])
    (array_type element: [(type_identifier) (primitive_type)] @name)
    (pointer_type type: [(type_identifier) (primitive_type)] @name)
  ]) @scope

; ---------------------------------------------------------------------------
; Definitions
; ---------------------------------------------------------------------------

; methods: functions in an impl block (associated functions such as `new` included);
; `@type` is the result type (`-> Self`, `-> &T`, `-> Box<T>`; `-> Result<T, E>` gives Result)
(impl_item
  body: (declaration_list
    (function_item
      name: (identifier) @name
      return_type: (_)? @type
      body: (block) @body) @definition.method))

; trait methods: required (signature only) and provided (with a default body)
(trait_item
  body: (declaration_list
    [
      (function_item name: (identifier) @name return_type: (_)? @type body: (block) @body)
      (function_signature_item name: (identifier) @name return_type: (_)? @type)
    ] @definition.method))

; associated types `type Item;` in a trait, foreign types `extern { type Opaque; }`
(associated_type name: (type_identifier) @name) @definition.type

; foreign functions declared in `extern "C" { fn f(); }`
(foreign_mod_item
  body: (declaration_list
    (function_signature_item name: (identifier) @name return_type: (_)? @type) @definition.function))

; free functions, including functions nested in other functions and in modules
(function_item
  name: (identifier) @name
  return_type: (_)? @type
  body: (block) @body) @definition.function

; structs (named-field and tuple structs), enums, unions
(struct_item name: (type_identifier) @name) @definition.struct
(enum_item name: (type_identifier) @name body: (enum_variant_list) @body) @definition.enum
(union_item name: (type_identifier) @name) @definition.union

; enum variants are constants of their enum (visibility follows the enum)
(enum_variant name: (identifier) @name) @definition.constant

; fields of struct-like enum variants are as visible as the enum (they have no `pub` of
; their own): the enum's visibility_modifier is their @modifiers
(enum_item
  (visibility_modifier)? @modifiers
  body: (enum_variant_list
    (enum_variant
      body: (field_declaration_list
        (field_declaration name: (field_identifier) @name type: (_) @type) @definition.field))))

; named fields of structs and unions (tuple fields have no name)
(field_declaration name: (field_identifier) @name type: (_) @type) @definition.field

; traits
(trait_item name: (type_identifier) @name body: (declaration_list) @body) @definition.trait

; type aliases: `type Result<T> = ...;` (also associated types given in an impl); `@type`
; is the aliased type (the resolver follows it)
(type_item name: (type_identifier) @name type: (_) @type) @definition.type

; modules: `mod foo { .. }` and out-of-line `mod foo;`
(mod_item name: (identifier) @name) @definition.module

; macro_rules! definitions (the signature stops before the first rule)
(macro_definition name: (identifier) @name . (macro_rule) @body) @definition.macro
(macro_definition name: (identifier) @name) @definition.macro

; `const` items (module level, associated and in blocks: const items are items, not locals);
; the anonymous `const _: () = ..;` is not a definition anyone jumps to
((const_item name: (identifier) @name type: (_) @type) @definition.constant
  (#not-eq? @name "_"))

; `static` / `static mut` items (also in extern blocks)
(static_item name: (identifier) @name type: (_) @type) @definition.variable

; ---------------------------------------------------------------------------
; Local bindings: what the declarations of parameters and locals say their types are
; (`self` is the current object, not a binding)
; ---------------------------------------------------------------------------

; parameters `p: &T`, `mut m: T` (closure parameters `|k: &T|` too)
(parameter pattern: (identifier) @name type: (_) @type) @binding
; `let x: T = ..;`, `let mut x: T;`
(let_declaration pattern: (identifier) @name type: (_) @type) @binding
; `let x = T::new();`, `let x = T { .. };`, `let x = f()?;`, `let x = &y;`, `let x = a.b();`
(let_declaration pattern: (identifier) @name !type value: (_) @value) @binding
; `if let Some(x) = opt` / `while let Some(x) = opt`: x is what opt holds (an `Option<T>` is
; typed T); `match v { Some(x) => .. }` and other patterns are not modelled
((let_condition
  pattern: (tuple_struct_pattern type: (identifier) @_some . (identifier) @name .)
  value: (_) @value) @binding
  (#eq? @_some "Some"))
; names whose type no declaration says (they hide the names outside): `let x;`, tuple
; patterns, untyped closure parameters (`|a|`, `|mut a|`), loop variables
(let_declaration pattern: (identifier) @name !type !value) @binding
(tuple_pattern (identifier) @name) @binding
(closure_parameters [(identifier) @name (mut_pattern (identifier) @name)]) @binding
(for_expression pattern: (identifier) @name) @binding

; ---------------------------------------------------------------------------
; Imports
; ---------------------------------------------------------------------------

; `use a::b::c;` → module a::b, name c
(use_declaration
  argument: (scoped_identifier
    path: (_) @module
    name: (identifier) @name)) @reference.import

; `use a::b as c;` → module a, name b, alias c
(use_declaration
  argument: (use_as_clause
    path: (scoped_identifier path: (_) @module name: (identifier) @name)
    alias: (identifier) @alias)) @reference.import

; `use a as b;` → the whole module a, bound to b
(use_declaration
  argument: (use_as_clause
    path: (identifier) @module
    alias: (identifier) @alias)) @reference.import

; `use foo;` → the whole module foo
(use_declaration argument: (identifier) @module) @reference.import

; `use a::b::*;` → module a::b, name *
(use_declaration
  argument: (use_wildcard (_) @module "*" @name)) @reference.import

; `use a::b::{c, d::e};` → module a::b, one name per item (`d::e` → qualifier d, name e)
(use_declaration
  argument: (scoped_use_list
    path: (_) @module
    list: (use_list [(identifier) (scoped_identifier)] @name))) @reference.import

; `use a::b::{c as d};` → module a::b, name c, alias d
(use_declaration
  argument: (scoped_use_list
    path: (_) @module
    list: (use_list (use_as_clause path: (_) @name alias: (identifier) @alias)))) @reference.import

; `use a::b::{self};` → the module a::b itself
(use_declaration
  argument: (scoped_use_list
    path: (_) @module
    list: (use_list (self)))) @reference.import

; `use a::b::{*};` → module a::b, name *
(use_declaration
  argument: (scoped_use_list
    path: (_) @module
    list: (use_list (use_wildcard "*" @name)))) @reference.import

; one level of nesting: `use a::{b::{c, d}};` → module a, qualifier b, names c and d
(use_declaration
  argument: (scoped_use_list
    path: (_) @module
    list: (use_list
      (scoped_use_list
        path: (_) @qualifier
        list: (use_list [(identifier) (scoped_identifier)] @name))))) @reference.import

; `use {a, b::c};` (no common path) → each item is a module path of its own
(use_declaration
  argument: (use_list [(identifier) (scoped_identifier)] @module)) @reference.import

; `extern crate foo;` / `extern crate foo as bar;`
(extern_crate_declaration name: (identifier) @module alias: (identifier)? @alias) @reference.import

; ---------------------------------------------------------------------------
; Inheritance
; ---------------------------------------------------------------------------

; `impl Trait for Type`: Type implements Trait (the subject is the type, not the impl block)
(impl_item
  trait: [
    (type_identifier) @name
    (scoped_type_identifier) @name
    (generic_type type: [(type_identifier) (scoped_type_identifier)] @name)]
  type: [
    (type_identifier) @subject
    (primitive_type) @subject
    (scoped_type_identifier name: (type_identifier) @subject)
    (generic_type type: [
      (type_identifier) @subject
      (scoped_type_identifier name: (type_identifier) @subject)])
  ]) @reference.implements

; `impl<T> Trait for &T` (and other non-nominal types): no subject, the source is the scope
(impl_item
  trait: [
    (type_identifier) @name
    (scoped_type_identifier) @name
    (generic_type type: [(type_identifier) (scoped_type_identifier)] @name)]
  type: [
    (reference_type) (pointer_type) (array_type) (tuple_type) (function_type)
    (dynamic_type) (abstract_type) (bounded_type) (never_type) (unit_type)
  ]) @reference.implements

; supertraits: `trait A: B + fmt::Debug + Iterator<Item = u8>` extends each bound
(trait_item
  bounds: (trait_bounds [
    (type_identifier) @name
    (scoped_type_identifier) @name
    (generic_type type: [(type_identifier) (scoped_type_identifier)] @name)])) @reference.extends

; ---------------------------------------------------------------------------
; Calls
; ---------------------------------------------------------------------------

; plain calls `f()` (tuple-struct and tuple-variant construction `Foo(1)` included)
(call_expression function: (identifier) @name) @reference.call

; turbofish `f::<T>()`
(call_expression
  function: (generic_function function: (identifier) @name)) @reference.call

; `self::f()` is a call to f of this module: no qualifier (`self` would mean the object)
(call_expression
  function: [
    (scoped_identifier path: (self) name: (identifier) @name)
    (generic_function function: (scoped_identifier path: (self) name: (identifier) @name))
  ]) @reference.call

; path calls `a::b::f()`, `Self::new()`, `super::f()`, `Vec::<T>::new()`: qualifier = the path
(call_expression
  function: [
    (scoped_identifier
      path: [(identifier) (scoped_identifier) (super) (crate)] @qualifier
      name: (identifier) @name)
    (generic_function function: (scoped_identifier
      path: [(identifier) (scoped_identifier) (super) (crate)] @qualifier
      name: (identifier) @name))
    (scoped_identifier
      path: (generic_type type: (_) @qualifier)
      name: (identifier) @name)
    (scoped_identifier
      path: (bracketed_type (qualified_type alias: (_) @qualifier))
      name: (identifier) @name)
  ]) @reference.call

; method calls `x.m()`, `self.a.m()`, `x.m::<T>()`: qualifier = the receiver. A computed
; receiver (`a.b(x).c()`, `x?.m()`, `v[i].m()`) is a qualifier too, its argument lists emptied
; (`a.b().c`): without one the call would read as a bare `c()` and bind by scope, e.g. the
; iterator's `.sum()` inside a method named `sum` to that method itself.
(call_expression
  function: [
    (field_expression value: (_) @qualifier field: (field_identifier) @name)
    (generic_function function: (field_expression
      value: (_) @qualifier field: (field_identifier) @name))
  ]) @reference.call

; macro invocations are calls to the macro: `vec![]`, `std::println!()`
(macro_invocation macro: (identifier) @name) @reference.call
(macro_invocation
  macro: (scoped_identifier path: (_) @qualifier name: (identifier) @name)) @reference.call

; calls inside macro arguments (`format!("{}", x.name())`, `assert!(!f(a))`, `vec![g(1)]`): the
; arguments are an unparsed token tree, so a call is a name right before a parenthesised
; token tree, at the first or second level (attribute token trees such as `cfg(all(..))` are
; not under a macro invocation and are left alone). `x.m()`, `self.m()`, `T::f()`: qualifier
; = the head; a longer chain or path (`a.b.c()`, `io::Error::from()`) is not taken (the flat
; token tree does not say what the receiver is). Anchors skip anonymous tokens, so a name
; right after `<` is not taken (`parse::<Double>()` is no call of Double), and an operator
; before a parenthesis (`x + (y)`) still reads as a call of x.
(macro_invocation
  (token_tree
    _ @_prev
    .
    [(identifier) (self)] @qualifier
    .
    ["." "::"]
    .
    (identifier) @name
    .
    (token_tree) @_args)
  (#not-any-of? @_prev "." "::" "<")
  (#match? @_args "^\\(")) @reference.call
(macro_invocation
  (token_tree
    (token_tree
      _ @_prev
      .
      [(identifier) (self)] @qualifier
      .
      ["." "::"]
      .
      (identifier) @name
      .
      (token_tree) @_args))
  (#not-any-of? @_prev "." "::" "<")
  (#match? @_args "^\\(")) @reference.call
(macro_invocation
  (token_tree _ @_prev . (identifier) @name . (token_tree) @_args)
  (#not-any-of? @_prev "." "::" "<")
  (#match? @_args "^\\(")) @reference.call
(macro_invocation
  (token_tree (token_tree _ @_prev . (identifier) @name . (token_tree) @_args))
  (#not-any-of? @_prev "." "::" "<")
  (#match? @_args "^\\(")) @reference.call

; struct literals construct the struct: `Foo { x: 1 }`, `a::Foo { .. }` are calls to Foo
(struct_expression
  name: [
    (type_identifier) @name
    (scoped_type_identifier) @name
    (generic_type_with_turbofish type: [(type_identifier) (scoped_identifier)] @name)]
  (#not-eq? @name "Self")) @reference.call

; ---------------------------------------------------------------------------
; Type uses: type names in signatures, fields, aliases, bounds, casts and bodies.
; `Self` and primitive types are not type uses. A path type `fmt::Formatter` is one use
; (qualifier fmt), never a second one for its last segment.
; ---------------------------------------------------------------------------
([
  (parameter type: [(type_identifier) (scoped_type_identifier)] @name)
  (function_item return_type: [(type_identifier) (scoped_type_identifier)] @name)
  (function_signature_item return_type: [(type_identifier) (scoped_type_identifier)] @name)
  (function_type return_type: [(type_identifier) (scoped_type_identifier)] @name)
  (function_type trait: [(type_identifier) (scoped_type_identifier)] @name)
  (closure_expression return_type: [(type_identifier) (scoped_type_identifier)] @name)
  (field_declaration type: [(type_identifier) (scoped_type_identifier)] @name)
  (ordered_field_declaration_list type: [(type_identifier) (scoped_type_identifier)] @name)
  (const_item type: [(type_identifier) (scoped_type_identifier)] @name)
  (static_item type: [(type_identifier) (scoped_type_identifier)] @name)
  (let_declaration type: [(type_identifier) (scoped_type_identifier)] @name)
  (type_item type: [(type_identifier) (scoped_type_identifier)] @name)
  (const_parameter type: [(type_identifier) (scoped_type_identifier)] @name)
  (type_parameter default_type: [(type_identifier) (scoped_type_identifier)] @name)
  (generic_type type: [(type_identifier) (scoped_type_identifier)] @name)
  (type_arguments [(type_identifier) (scoped_type_identifier)] @name)
  (type_binding type: [(type_identifier) (scoped_type_identifier)] @name)
  (reference_type type: [(type_identifier) (scoped_type_identifier)] @name)
  (pointer_type type: [(type_identifier) (scoped_type_identifier)] @name)
  (array_type element: [(type_identifier) (scoped_type_identifier)] @name)
  (tuple_type [(type_identifier) (scoped_type_identifier)] @name)
  (abstract_type trait: [(type_identifier) (scoped_type_identifier)] @name)
  (dynamic_type trait: [(type_identifier) (scoped_type_identifier)] @name)
  (trait_bounds [(type_identifier) (scoped_type_identifier)] @name)
  (bounded_type [(type_identifier) (scoped_type_identifier)] @name)
  (higher_ranked_trait_bound type: [(type_identifier) (scoped_type_identifier)] @name)
  (qualified_type [(type_identifier) (scoped_type_identifier)] @name)
  (type_cast_expression type: [(type_identifier) (scoped_type_identifier)] @name)
  (struct_pattern type: [(type_identifier) (scoped_type_identifier)] @name)
  (impl_item type: [(type_identifier) (scoped_type_identifier)] @name)
  (impl_item trait: [(type_identifier) (scoped_type_identifier)] @name)
] @reference.type
  (#not-any-of? @name "Self" "_"))

; ---------------------------------------------------------------------------
; Reads: identifiers (and paths such as `Self::MAX`, `consts::PI`) in expression position.
; Field names after a dot and method names are never reads. Filtered later to module-level
; statics and consts. (`self::X` keeps the qualifier `self` here: a third alternative per
; context for it doubled the cost of this pattern, and the form is rare in expressions.)
; ---------------------------------------------------------------------------
([
  (arguments [(identifier) (scoped_identifier)] @name)
  (array_expression [(identifier) (scoped_identifier)] @name)
  (array_expression length: [(identifier) (scoped_identifier)] @name)
  (array_type length: [(identifier) (scoped_identifier)] @name)
  (assignment_expression right: [(identifier) (scoped_identifier)] @name)
  (compound_assignment_expr right: [(identifier) (scoped_identifier)] @name)
  (await_expression [(identifier) (scoped_identifier)] @name)
  (binary_expression left: [(identifier) (scoped_identifier)] @name)
  (binary_expression right: [(identifier) (scoped_identifier)] @name)
  (block [(identifier) (scoped_identifier)] @name)
  (break_expression [(identifier) (scoped_identifier)] @name)
  (closure_expression body: [(identifier) (scoped_identifier)] @name)
  (const_item value: [(identifier) (scoped_identifier)] @name)
  (static_item value: [(identifier) (scoped_identifier)] @name)
  (enum_variant value: [(identifier) (scoped_identifier)] @name)
  (expression_statement [(identifier) (scoped_identifier)] @name)
  (field_expression value: [(identifier) (scoped_identifier)] @name)
  (field_initializer value: [(identifier) (scoped_identifier)] @name)
  (shorthand_field_initializer (identifier) @name)
  (base_field_initializer [(identifier) (scoped_identifier)] @name)
  (for_expression value: [(identifier) (scoped_identifier)] @name)
  (if_expression condition: [(identifier) (scoped_identifier)] @name)
  (while_expression condition: [(identifier) (scoped_identifier)] @name)
  (let_condition value: [(identifier) (scoped_identifier)] @name)
  (let_chain [(identifier) (scoped_identifier)] @name)
  (index_expression [(identifier) (scoped_identifier)] @name)
  (let_declaration value: [(identifier) (scoped_identifier)] @name)
  (match_expression value: [(identifier) (scoped_identifier)] @name)
  (match_arm value: [(identifier) (scoped_identifier)] @name)
  (parenthesized_expression [(identifier) (scoped_identifier)] @name)
  (range_expression [(identifier) (scoped_identifier)] @name)
  (reference_expression value: [(identifier) (scoped_identifier)] @name)
  (return_expression [(identifier) (scoped_identifier)] @name)
  (try_expression [(identifier) (scoped_identifier)] @name)
  (tuple_expression [(identifier) (scoped_identifier)] @name)
  (type_cast_expression value: [(identifier) (scoped_identifier)] @name)
  (unary_expression [(identifier) (scoped_identifier)] @name)
  (yield_expression [(identifier) (scoped_identifier)] @name)
] @reference.read)

; identifiers inside macro arguments (`println!("{}", LIMIT)`, at any nesting) are unparsed
; tokens: only SCREAMING_CASE ones of two or more characters (statics and consts by Rust
; convention) are taken as reads
((token_tree (identifier) @name @reference.read)
  (#match? @name "^[A-Z][A-Z0-9_]+$"))

; ---------------------------------------------------------------------------
; Writes: `X = ..`, `X += ..` (statics), also through a path `m::X = ..`; `self::X = ..`
; writes X
; ---------------------------------------------------------------------------
((assignment_expression left: [(identifier) (scoped_identifier)] @name @reference.write)
  (#not-match? @name "^self::"))
((compound_assignment_expr left: [(identifier) (scoped_identifier)] @name @reference.write)
  (#not-match? @name "^self::"))
(assignment_expression
  left: (scoped_identifier path: (self) name: (identifier) @name) @reference.write)
(compound_assignment_expr
  left: (scoped_identifier path: (self) name: (identifier) @name) @reference.write)

; ---------------------------------------------------------------------------
; Decision points (cyclomatic complexity)
; ---------------------------------------------------------------------------

; `if` / `if let` / each `else if`
(if_expression) @branch

; loops
(while_expression) @branch
(loop_expression) @branch
(for_expression) @branch

; match arms, except the catch-all `_ =>` arm (like `default:`)
(match_arm pattern: (match_pattern) @_pattern (#not-eq? @_pattern "_")) @branch

; short-circuit operators
(binary_expression operator: ["&&" "||"] @branch)

; `?` is an early return
(try_expression) @branch
