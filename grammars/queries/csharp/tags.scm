; C# extraction queries (tree-sitter-c-sharp 0.23). Capture vocabulary: docs/captures.md.
; Order matters: when two patterns capture the same node (or name node), the first one wins,
; so specific patterns (const fields are constants) come before general ones.

; ---------------------------------------------------------------------------
; Namespaces: `namespace A.B;` and `namespace A.B { .. }` are the file's package, like Java's
; package clause: types are qualified by their nesting in types only, and the resolver treats
; one namespace as one package (`using A.B;` imports every file of namespace A.B).
; ---------------------------------------------------------------------------
(file_scoped_namespace_declaration name: (_) @name) @package
(namespace_declaration name: (_) @name) @package

; ---------------------------------------------------------------------------
; Type declarations. Each part of a `partial` class is a definition in its own file; the
; resolver treats the parts as one class (docs/ACCURACY.md). Visibility comes from the
; `modifier` children (no modifier: internal at top level, private when nested).
; ---------------------------------------------------------------------------
(class_declaration
  name: (identifier) @name
  body: (declaration_list) @body) @definition.class

(interface_declaration
  name: (identifier) @name
  body: (declaration_list) @body) @definition.interface

(struct_declaration
  name: (identifier) @name
  body: (declaration_list) @body) @definition.struct

(enum_declaration
  name: (identifier) @name
  body: (enum_member_declaration_list) @body) @definition.enum

; `record Person(string Name);` (with or without a body); `record struct` too
(record_declaration
  name: (identifier) @name) @definition.class

; `delegate void Handler(Book b);` names a type
(delegate_declaration
  name: (identifier) @name) @definition.type

; ---------------------------------------------------------------------------
; Members
; ---------------------------------------------------------------------------

; methods (in classes, structs, records, interfaces), explicit interface implementations
; (`void IFoo.Bar()` is Bar) and destructors (`~Foo()`, named Foo)
; (`@type`: the declared result type; of an `async` method's `Task<T>` / `ValueTask<T>`, T,
; what `await M()` gives; an array `T[]` and `void` type nothing)
((method_declaration
  returns: (generic_name (identifier) @_task (type_argument_list . [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type .))
  name: (identifier) @name) @definition.method
  (#any-of? @_task "Task" "ValueTask"))
((method_declaration returns: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type name: (identifier) @name) @definition.method
  (#not-eq? @type "void"))
(method_declaration name: (identifier) @name) @definition.method
(destructor_declaration name: (identifier) @name) @definition.method

(constructor_declaration name: (identifier) @name) @definition.constructor

; local functions (`int Local() => 1;` inside a method)
((local_function_statement
  type: (generic_name (identifier) @_task (type_argument_list . [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type .))
  name: (identifier) @name) @definition.function
  (#any-of? @_task "Task" "ValueTask"))
((local_function_statement type: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type name: (identifier) @name) @definition.function
  (#not-eq? @type "void"))
(local_function_statement name: (identifier) @name) @definition.function

; properties, auto-properties, expression-bodied properties
(property_declaration type: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)]? @type name: (identifier) @name) @definition.property

; record parameters are the record's public properties
(record_declaration
  (modifier)? @modifiers
  (parameter_list (parameter type: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)]? @type name: (identifier) @name) @definition.property))

; enum members: constants as visible as their enum
(enum_member_declaration name: (identifier) @name) @definition.constant

; `const` fields and `static readonly` fields are constants. A declaration of one variable is
; the definition node itself (its signature shows type and modifiers); in
; `const int A = 1, B = 2;` each declarator is a definition of its own.
((field_declaration
  (modifier) @_const
  (variable_declaration
    type: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type
    .
    (variable_declarator name: (identifier) @name)
    .)) @definition.constant
  (#eq? @_const "const"))
((field_declaration
  (modifier) @_const
  (variable_declaration
    type: (_)
    .
    (variable_declarator name: (identifier) @name)
    .)) @definition.constant
  (#eq? @_const "const"))
((field_declaration
  (modifier) @_static
  (modifier) @_readonly
  (variable_declaration
    type: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type
    .
    (variable_declarator name: (identifier) @name)
    .)) @definition.constant
  (#eq? @_static "static")
  (#eq? @_readonly "readonly"))
((field_declaration
  (modifier) @_static
  (modifier) @_readonly
  (variable_declaration
    type: (_)
    .
    (variable_declarator name: (identifier) @name)
    .)) @definition.constant
  (#eq? @_static "static")
  (#eq? @_readonly "readonly"))
((field_declaration
  (modifier) @modifiers
  (modifier) @_const
  (variable_declaration
    type: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type
    (variable_declarator name: (identifier) @name) @definition.constant))
  (#eq? @_const "const"))
((field_declaration
  (modifier) @modifiers
  (modifier) @_const
  (variable_declaration
    (variable_declarator name: (identifier) @name) @definition.constant))
  (#eq? @_const "const"))

; all other fields, and event fields (`public event EventHandler Changed;`)
(field_declaration
  (variable_declaration
    type: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type
    .
    (variable_declarator name: (identifier) @name)
    .)) @definition.field
(field_declaration
  (variable_declaration
    type: (_)
    .
    (variable_declarator name: (identifier) @name)
    .)) @definition.field
(field_declaration
  (modifier)? @modifiers
  (variable_declaration
    type: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type
    (variable_declarator name: (identifier) @name) @definition.field))
(field_declaration
  (modifier)? @modifiers
  (variable_declaration
    (variable_declarator name: (identifier) @name) @definition.field))
(event_field_declaration
  (variable_declaration
    type: (_)
    .
    (variable_declarator name: (identifier) @name)
    .)) @definition.field
(event_declaration name: (identifier) @name) @definition.field

; ---------------------------------------------------------------------------
; Local bindings: the declared types of parameters and locals, so that `p.M()` binds through
; p's type (docs/captures.md, "Receiver types"). Arrays type nothing; a `var` local takes its
; initialiser when that is a chain (`new T()`, `M()`, `a.b.C()`, `x`, `await M()`); `as` and
; casts give their type.
; ---------------------------------------------------------------------------

; parameters of methods, constructors, lambdas, local functions (`Helper p`, `ref Helper p`)
(parameter type: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type name: (identifier) @name) @binding
; locals with a declared type (`Helper x = ..;`, `Helper a, b;`, `using Helper r = ..;`,
; `using (Helper r = ..)`, `for (Helper i = ..; ..)`: one binding per name)
([(local_declaration_statement (variable_declaration
    type: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type (variable_declarator name: (identifier) @name)))
  (using_statement (variable_declaration
    type: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type (variable_declarator name: (identifier) @name)))
  (for_statement (variable_declaration
    type: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type (variable_declarator name: (identifier) @name)))]) @binding
; `var x = o as T;`, `var x = (T) o;`
(variable_declaration
  type: (implicit_type)
  (variable_declarator name: (identifier) @name
    . [(as_expression right: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type) (cast_expression type: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type)])) @binding
; `var x = <chain>;`
(variable_declaration
  type: (implicit_type)
  (variable_declarator name: (identifier) @name
    . [(object_creation_expression) (invocation_expression) (member_access_expression)
       (identifier) (await_expression) (parenthesized_expression)
       (conditional_access_expression)] @value)) @binding
; `foreach (Helper e in items)` (`foreach (var e in ..)` types nothing)
(foreach_statement type: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type left: (identifier) @name) @binding
; `catch (IOException e)`
(catch_declaration type: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type name: (identifier) @name) @binding
; patterns `o is Helper h`, `case Helper h:`, `Helper h =>`; `out Helper h` arguments
(declaration_pattern type: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type name: (identifier) @name) @binding
(declaration_expression type: [(identifier) (qualified_name) (generic_name) (nullable_type) (predefined_type)] @type name: (identifier) @name) @binding

; ---------------------------------------------------------------------------
; Imports
; ---------------------------------------------------------------------------

; `using A.B;`, `global using A.B;`, `using static A.B.C;` → module A.B (A.B.C): every name of
; the namespace (a wildcard import, bound by the resolver)
(using_directive
  !name
  [(identifier) (qualified_name)] @module) @reference.import

; `using M = A.B;` / `using L = A.B.List;` → module A.B (A.B.List), alias M
(using_directive
  name: (identifier) @alias
  [(identifier) (qualified_name)] @module) @reference.import

; ---------------------------------------------------------------------------
; Inheritance. `class A : B, IC` does not say which base is a class: the first base of a class
; or record is its base class (`extends`) unless it is named like an interface (`I` and a
; capital letter); every other base is an implemented interface. Bases of an interface are
; extended interfaces; bases of a struct or enum are implemented.
; ---------------------------------------------------------------------------
((class_declaration
  (base_list
    .
    [(identifier) @name
     (qualified_name) @name
     (generic_name (identifier) @name)]) @reference.extends)
  (#not-match? @name "^I[A-Z]"))
((record_declaration
  (base_list
    .
    [(identifier) @name
     (qualified_name) @name
     (generic_name (identifier) @name)
     (primary_constructor_base_type type: [(identifier) (qualified_name)] @name)]) @reference.extends)
  (#not-match? @name "^I[A-Z]"))
((class_declaration
  (base_list
    .
    [(identifier) @name
     (qualified_name) @name
     (generic_name (identifier) @name)]) @reference.implements)
  (#match? @name "^I[A-Z]"))
((record_declaration
  (base_list
    .
    [(identifier) @name
     (qualified_name) @name
     (generic_name (identifier) @name)]) @reference.implements)
  (#match? @name "^I[A-Z]"))
(class_declaration
  (base_list
    (_)
    .
    [(identifier) @name
     (qualified_name) @name
     (generic_name (identifier) @name)]) @reference.implements)
(record_declaration
  (base_list
    (_)
    .
    [(identifier) @name
     (qualified_name) @name
     (generic_name (identifier) @name)]) @reference.implements)
(struct_declaration
  (base_list
    [(identifier) @name
     (qualified_name) @name
     (generic_name (identifier) @name)]) @reference.implements)
(interface_declaration
  (base_list
    [(identifier) @name
     (qualified_name) @name
     (generic_name (identifier) @name)]) @reference.extends)

; ---------------------------------------------------------------------------
; Calls
; ---------------------------------------------------------------------------

; unqualified calls `F(x)`, `F<T>(x)`
(invocation_expression
  function: [(identifier) @name (generic_name (identifier) @name)]) @reference.call

; calls on a receiver: `obj.M()`, `this.M()`, `base.M()`, `Util.M<T>()`, `A.B.C.M()` (`this`
; and `base` are anonymous nodes: `_` matches them)
(invocation_expression
  function: (member_access_expression
    expression: _ @qualifier
    name: [(identifier) @name (generic_name (identifier) @name)])) @reference.call

; null-conditional calls `x?.M()`
(invocation_expression
  function: (conditional_access_expression
    condition: (_) @qualifier
    (member_binding_expression
      name: [(identifier) @name (generic_name (identifier) @name)]))) @reference.call

; constructor calls `new X()`, `new A.B.X()`, `new List<X>()`: a call to X
(object_creation_expression
  type: [(identifier) @name (qualified_name) @name (generic_name (identifier) @name)]) @reference.call

; ---------------------------------------------------------------------------
; Type uses: type names in signatures, fields, locals, casts, patterns, generics, bases,
; attributes. A qualified type `A.B.C` is one use (qualifier A.B). `var` is no type name.
; ---------------------------------------------------------------------------
([
  (method_declaration returns: [(identifier) (qualified_name)] @name)
  (method_declaration returns: (generic_name (identifier) @name))
  (local_function_statement type: [(identifier) (qualified_name)] @name)
  (local_function_statement type: (generic_name (identifier) @name))
  (delegate_declaration type: [(identifier) (qualified_name)] @name)
  (delegate_declaration type: (generic_name (identifier) @name))
  (parameter type: [(identifier) (qualified_name)] @name)
  (parameter type: (generic_name (identifier) @name))
  (property_declaration type: [(identifier) (qualified_name)] @name)
  (property_declaration type: (generic_name (identifier) @name))
  (indexer_declaration type: [(identifier) (qualified_name)] @name)
  (indexer_declaration type: (generic_name (identifier) @name))
  (event_declaration type: [(identifier) (qualified_name)] @name)
  (event_declaration type: (generic_name (identifier) @name))
  (operator_declaration type: [(identifier) (qualified_name)] @name)
  (conversion_operator_declaration type: [(identifier) (qualified_name)] @name)
  (variable_declaration type: [(identifier) (qualified_name)] @name)
  (variable_declaration type: (generic_name (identifier) @name))
  (foreach_statement type: [(identifier) (qualified_name)] @name)
  (catch_declaration type: [(identifier) (qualified_name)] @name)
  (cast_expression type: [(identifier) (qualified_name)] @name)
  (cast_expression type: (generic_name (identifier) @name))
  (as_expression right: [(identifier) (qualified_name)] @name)
  (is_expression right: [(identifier) (qualified_name)] @name)
  (declaration_pattern type: [(identifier) (qualified_name)] @name)
  (recursive_pattern type: [(identifier) (qualified_name)] @name)
  (type_pattern type: [(identifier) (qualified_name)] @name)
  (declaration_expression type: [(identifier) (qualified_name)] @name)
  (typeof_expression type: [(identifier) (qualified_name)] @name)
  (typeof_expression type: (generic_name (identifier) @name))
  (default_expression type: [(identifier) (qualified_name)] @name)
  (nullable_type type: [(identifier) (qualified_name)] @name)
  (nullable_type type: (generic_name (identifier) @name))
  (array_type type: [(identifier) (qualified_name)] @name)
  (array_type type: (generic_name (identifier) @name))
  (type_argument_list [(identifier) (qualified_name)] @name)
  (type_argument_list (generic_name (identifier) @name))
  (type_parameter_constraint type: [(identifier) (qualified_name)] @name)
  (type_parameter_constraint type: (generic_name (identifier) @name))
  (base_list [(identifier) (qualified_name)] @name)
  (base_list (generic_name (identifier) @name))
  (attribute name: [(identifier) (qualified_name)] @name)
] @reference.type)

; ---------------------------------------------------------------------------
; Decision points (cyclomatic complexity)
; ---------------------------------------------------------------------------
(if_statement) @branch
(while_statement) @branch
(do_statement) @branch
(for_statement) @branch
(foreach_statement) @branch

; `case X:` sections (not `default:`) and switch-expression arms other than `_`
(switch_section (constant_pattern)) @branch
(switch_section (declaration_pattern)) @branch
(switch_section (recursive_pattern)) @branch
(switch_expression_arm . [(constant_pattern) (declaration_pattern) (recursive_pattern) (relational_pattern) (type_pattern) (or_pattern) (and_pattern)]) @branch

(catch_clause) @branch
(conditional_expression) @branch
(binary_expression operator: ["&&" "||" "??"] @branch)
