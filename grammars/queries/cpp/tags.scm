; C++ extraction queries (tree-sitter-cpp). Capture vocabulary: docs/captures.md.
; Order matters: when two patterns capture the same definition node or name node, the first wins,
; so context-specific patterns (members of a class, constructors) come before general ones.
; This file does not inherit the C queries: their general patterns would win over the C++
; container-aware ones. The C-shaped parts (macros, typedefs, struct members, variables, reads,
; writes) follow grammars/queries/c/tags.scm.
;
; Shapes used below (tree-sitter-cpp):
;   in a class body     methods have a field_identifier name, constructors an identifier name
;                       and no `type:`; declared-only members are field_declaration (methods,
;                       fields) or declaration (constructors, destructors, member templates)
;   out of line         `void Foo::bar() {}` names the method with a qualified_identifier
;   `int f(int);`       a prototype outside a class: never a definition

; ===================================================================== definitions

; ---- classes misread because of an export macro -------------------------------------------
; `class Q_CORE_EXPORT QObject : public QBase {...}`: tree-sitter does not expand macros and
; reads a function definition whose type is `class Q_CORE_EXPORT`, whose declarator is the
; class name and whose body is the class body; the members become statements of that body
; (`public:` a label). They come first: the local-declaration patterns below would claim them.
(function_definition type: (class_specifier !body) declarator: (identifier) @name body: (_)) @definition.class
(function_definition type: (struct_specifier !body) declarator: (identifier) @name body: (_)) @definition.struct
; its constructors (named as the class) and methods, declared or defined
((function_definition
   type: [(class_specifier !body) (struct_specifier !body)]
   declarator: (identifier) @_class
   body: (compound_statement
           [(_ declarator: (function_declarator declarator: (identifier) @name)) @definition.constructor
            (labeled_statement (_ declarator: (function_declarator declarator: (identifier) @name)) @definition.constructor)]))
 (#eq? @name @_class))
(function_definition
  type: [(class_specifier !body) (struct_specifier !body)]
  declarator: (identifier)
  body: (compound_statement
          [(_ declarator: [(function_declarator declarator: [(identifier) (operator_name)] @name)
                           (pointer_declarator declarator: (function_declarator declarator: [(identifier) (operator_name)] @name))
                           (reference_declarator (function_declarator declarator: [(identifier) (operator_name)] @name))]) @definition.method
           (labeled_statement
             (_ declarator: [(function_declarator declarator: [(identifier) (operator_name)] @name)
                             (pointer_declarator declarator: (function_declarator declarator: [(identifier) (operator_name)] @name))
                             (reference_declarator (function_declarator declarator: [(identifier) (operator_name)] @name))]) @definition.method)
           (ERROR (function_declarator declarator: (destructor_name) @name) @definition.method)]))
; its data members: `int count;`, `QObjectData *d_ptr;` (several declarators: the first; a
; `friend class X;` is read as a declaration of X)
((function_definition
  type: [(class_specifier !body) (struct_specifier !body)]
  declarator: (identifier)
  body: (compound_statement
          [(declaration declarator: [(identifier) @name
                                     (pointer_declarator declarator: (identifier) @name)
                                     (reference_declarator (identifier) @name)
                                     (array_declarator declarator: (identifier) @name)
                                     (init_declarator declarator: (identifier) @name)]) @definition.field
           (labeled_statement
             (declaration declarator: [(identifier) @name
                                       (pointer_declarator declarator: (identifier) @name)
                                       (reference_declarator (identifier) @name)
                                       (array_declarator declarator: (identifier) @name)
                                       (init_declarator declarator: (identifier) @name)]) @definition.field)]))
 (#not-match? @definition.field "^friend\\b"))

; ---- declarations that are not symbols: locals, misread lines ---------------------------
; Declarations inside function and lambda bodies (any block, `for (int i...)`, `if (auto x = ...)`,
; case arms, #if blocks in a body) are claimed here as anonymous scopes (a scope is not a
; symbol and nothing is nested in it) so that the namespace-level variable patterns further
; down, which match declarations anywhere, only see namespace-scope declarations. Two captures
; per context: the declaration node (blocks the one-declarator pattern) and each declarator
; (blocks the several-declarators pattern). Declarations whose type has a body are not claimed
; whole, so a local `struct P {...} p;` does not become a container of struct P.
(compound_statement (declaration type: (_ !body) declarator: (_) @name) @scope)
(compound_statement (declaration declarator: (_) @name @scope))
(compound_statement (_ (declaration type: (_ !body) declarator: (_) @name) @scope))
(compound_statement (_ (declaration declarator: (_) @name @scope)))
(compound_statement (_ (_ (declaration type: (_ !body) declarator: (_) @name) @scope)))
(compound_statement (_ (_ (declaration declarator: (_) @name @scope))))
(for_statement (declaration type: (_ !body) declarator: (_) @name) @scope)
(for_statement (declaration declarator: (_) @name @scope))
(case_statement (declaration type: (_ !body) declarator: (_) @name) @scope)
(case_statement (declaration declarator: (_) @name @scope))
(init_statement (declaration type: (_ !body) declarator: (_) @name) @scope)
(init_statement (declaration declarator: (_) @name @scope))
(condition_clause (declaration type: (_ !body) declarator: (_) @name) @scope)
(condition_clause (declaration declarator: (_) @name @scope))
; Declarations the parser could only recover from (a missing `;` or an ERROR child) are
; macro-heavy lines it misread: `ZEXTERN int ZEXPORT deflate OF((z_streamp strm));`,
; `SQLITE_API sqlite3_int64 sqlite3_changes64(sqlite3*);`. Their "declarators" are macro
; names and type names, never variables: claimed the same way (not function declarators:
; a member function declared with a trailing macro stays a method).
(declaration type: (_ !body) declarator: (_ !parameters) @name (MISSING)) @scope
(declaration declarator: (_ !parameters) @name @scope (MISSING))
(declaration type: (_ !body) (ERROR) declarator: (_ !parameters) @name) @scope
(declaration (ERROR) declarator: (_ !parameters) @name @scope)
(declaration type: (_ !body) declarator: (_ !parameters) @name (ERROR)) @scope
(declaration declarator: (_ !parameters) @name @scope (ERROR))
; `BOOST_CONSTEXPR append_t<...> append(...);`: a macro before the type makes the type and the
; name one qualified name with a missing `::` (not an out-of-line static member)
(declaration
  declarator: [(qualified_identifier (MISSING))
               (qualified_identifier name: (qualified_identifier (MISSING)))
               (init_declarator declarator: (qualified_identifier (MISSING)))
               (function_declarator declarator: (qualified_identifier (MISSING)))
               (function_declarator declarator: (qualified_identifier name: (qualified_identifier (MISSING))))] @name) @scope

; ---- macros -----------------------------------------------------------------------------
; `#define SQ(x) ...`: the signature stops before the replacement text.
(preproc_function_def name: (identifier) @name value: (preproc_arg)? @body) @definition.macro
; `#define MAX 10`: the signature is the whole definition.
(preproc_def name: (identifier) @name) @definition.macro

; ---- namespaces --------------------------------------------------------------------------
; `namespace ns {}`, `namespace a::b {}` (named b in a); anonymous namespaces are not symbols
(namespace_definition name: (_) @name body: (_) @body) @definition.namespace

; ---- classes, structs, unions, enums -----------------------------------------------------
; `template <class T> class Foo {...};`: the template is part of the definition (signature, doc)
(template_declaration
  (class_specifier name: [(type_identifier) @name (template_type name: (type_identifier) @name) (qualified_identifier) @name]
                   body: (_) @body)) @definition.class
(template_declaration
  (struct_specifier name: [(type_identifier) @name (template_type name: (type_identifier) @name) (qualified_identifier) @name]
                    body: (_) @body)) @definition.struct
(template_declaration
  (union_specifier name: [(type_identifier) @name (template_type name: (type_identifier) @name) (qualified_identifier) @name]
                   body: (_) @body)) @definition.union
; `typedef struct { ... } name;`: an anonymous type named by its typedef is that type
(type_definition type: (struct_specifier !name body: (_) @body) declarator: (type_identifier) @name) @definition.struct
(type_definition type: (union_specifier !name body: (_) @body) declarator: (type_identifier) @name) @definition.union
(type_definition type: (enum_specifier !name body: (_) @body) declarator: (type_identifier) @name) @definition.enum
(type_definition type: (class_specifier !name body: (_) @body) declarator: (type_identifier) @name) @definition.class
; `class Foo : public Base {...}`, `struct Vec<int> {...}` (a specialisation is named Foo)
(class_specifier name: [(type_identifier) @name (template_type name: (type_identifier) @name) (qualified_identifier) @name]
                 body: (_)) @definition.class
(struct_specifier name: [(type_identifier) @name (template_type name: (type_identifier) @name) (qualified_identifier) @name]
                  body: (_)) @definition.struct
(union_specifier name: [(type_identifier) @name (template_type name: (type_identifier) @name) (qualified_identifier) @name]
                 body: (_)) @definition.union
; `enum Color {...}`, `enum class Mode : int {...}`
(enum_specifier name: [(type_identifier) @name (qualified_identifier) @name] body: (_)) @definition.enum

; ---- enum members ------------------------------------------------------------------------
(enumerator name: (identifier) @name) @definition.constant

; ---- concepts ----------------------------------------------------------------------------
; `template <class T> concept Hashable = ...;`: a named set of requirements on a type
(concept_definition name: (identifier) @name) @definition.interface

; ---- functions defined inside a class body that are not members --------------------------
; `friend bool operator==(const A&, const A&) { ... }`
(friend_declaration
  (function_definition
    declarator: [
      (function_declarator declarator: [(identifier) (operator_name)] @name)
      (reference_declarator (function_declarator declarator: [(identifier) (operator_name)] @name))
      (pointer_declarator declarator: (function_declarator declarator: [(identifier) (operator_name)] @name))
    ]) @definition.function)

; ---- constructors and methods in a class body --------------------------------------------
; In a class body a method is named by a field_identifier (outside a class, functions are named
; by identifiers), so methods need no context and are found even where an unparsable macro
; flattened the class. Constructors, operators and member templates are named by identifiers
; or operator names, as free functions are: they need the class body around them, directly or
; one or two levels down (template <...>, #if / #else blocks).
; constructors: an unqualified name and no return type; `explicit Foo(int v) : v_(v) {}`,
; `Foo(const Foo&) = default;`, `template <class U> Foo(U u) {}` (the signature stops before
; the member initialisers)
(field_declaration_list
  (function_definition !type
    declarator: (function_declarator declarator: (identifier) @name)
    (field_initializer_list)? @body) @definition.constructor)
(field_declaration_list
  (_ !body
    (function_definition !type
      declarator: (function_declarator declarator: (identifier) @name)
      (field_initializer_list)? @body) @definition.constructor))
(field_declaration_list
  (_ !body
    (_ !body
      (function_definition !type
        declarator: (function_declarator declarator: (identifier) @name)
        (field_initializer_list)? @body) @definition.constructor)))
; declared constructors: `Foo();`, `explicit Foo(int);`, `template <class U> Foo(U);`
(field_declaration_list
  (declaration !type declarator: (function_declarator declarator: (identifier) @name)) @definition.constructor)
(field_declaration_list
  (_ !body
    (declaration !type declarator: (function_declarator declarator: (identifier) @name)) @definition.constructor))
(field_declaration_list
  (_ !body
    (_ !body
      (declaration !type declarator: (function_declarator declarator: (identifier) @name)) @definition.constructor)))
; operators and member templates, defined or declared (the `_` is a function_definition,
; declaration or field_declaration): `Foo& operator=(const Foo&) = delete;`,
; `bool operator==(const Foo&) const;`, `T* operator->() const;`, `template <class U> U conv();`
(field_declaration_list
  (_ type: (_)? @type
     declarator: [
       (function_declarator declarator: [(identifier) (operator_name)] @name)
       (pointer_declarator declarator: (function_declarator declarator: [(identifier) (operator_name)] @name))
       (reference_declarator (function_declarator declarator: [(identifier) (operator_name)] @name))
     ]) @definition.method)
(field_declaration_list
  (_ !body
    (_ type: (_)? @type
       declarator: [
         (function_declarator declarator: [(identifier) (operator_name)] @name)
         (pointer_declarator declarator: (function_declarator declarator: [(identifier) (operator_name)] @name))
         (reference_declarator (function_declarator declarator: [(identifier) (operator_name)] @name))
       ]) @definition.method))
(field_declaration_list
  (_ !body
    (_ !body
      (_ type: (_)? @type
         declarator: [
           (function_declarator declarator: [(identifier) (operator_name)] @name)
           (pointer_declarator declarator: (function_declarator declarator: [(identifier) (operator_name)] @name))
           (reference_declarator (function_declarator declarator: [(identifier) (operator_name)] @name))
         ]) @definition.method)))
; methods named by a field_identifier, and destructors (a bare `~Foo` is only written in its
; class), defined or declared: `int get() const {...}`, `T* data();`, `const T& at(int) const;`,
; `virtual void run() = 0;`, `virtual ~Foo();`
(function_definition
  type: (_)? @type
  declarator: [
    (function_declarator declarator: [(field_identifier) (destructor_name)] @name)
    (pointer_declarator declarator: (function_declarator declarator: (field_identifier) @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (field_identifier) @name)))
    (reference_declarator (function_declarator declarator: (field_identifier) @name))
  ]) @definition.method
(field_declaration
  type: (_)? @type
  declarator: [
    (function_declarator declarator: [(field_identifier) (destructor_name)] @name)
    (pointer_declarator declarator: (function_declarator declarator: (field_identifier) @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (field_identifier) @name)))
    (reference_declarator (function_declarator declarator: (field_identifier) @name))
  ]) @definition.method
(declaration declarator: (function_declarator declarator: (destructor_name) @name)) @definition.method

; ---- definitions misread because of a macro in the signature -----------------------------
; tree-sitter does not expand macros. `executor_type get() BOOST_NOEXCEPT {...}`: a macro after
; the parameters is read as the declarator, and the real declarator lands in an ERROR node.
(function_definition
  [(ERROR (function_declarator declarator: [(field_identifier) (destructor_name) (qualified_identifier)] @name))
   declarator: [(reference_declarator (ERROR (function_declarator declarator: [(field_identifier) (qualified_identifier)] @name)))
                (pointer_declarator (ERROR (function_declarator declarator: [(field_identifier) (qualified_identifier)] @name)))]]) @definition.method
(field_declaration_list
  (function_definition
    [(ERROR (function_declarator declarator: [(identifier) (operator_name)] @name))
     declarator: [(reference_declarator (ERROR (function_declarator declarator: [(identifier) (operator_name)] @name)))
                  (pointer_declarator (ERROR (function_declarator declarator: [(identifier) (operator_name)] @name)))]]) @definition.method)
(function_definition
  [(ERROR (function_declarator declarator: [(identifier) (operator_name)] @name))
   declarator: [(reference_declarator (ERROR (function_declarator declarator: [(identifier) (operator_name)] @name)))
                (pointer_declarator (ERROR (function_declarator declarator: [(identifier) (operator_name)] @name)))]]) @definition.function
; `BOOST_NODISCARD inline mutable_buffer buffer(...) {...}`, `BOOST_FORCEINLINE typename
; enable_if<...>::type append(...) {...}`: a macro before the return type makes the return type and
; the name read as a qualified name whose last `::` is missing; the name is the last word.
; In a class body (directly or under template <...>) it is a method, elsewhere a function.
(field_declaration_list
  (function_definition
    declarator: [(function_declarator declarator: [
                   (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name)
                   (qualified_identifier name: (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name))
                   (qualified_identifier name: (qualified_identifier name: (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name)))])
                 (reference_declarator (function_declarator declarator: [
                   (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name)
                   (qualified_identifier name: (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name))]))
                 (pointer_declarator declarator: (function_declarator declarator: [
                   (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name)
                   (qualified_identifier name: (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name))]))]) @definition.method)
(field_declaration_list
  (template_declaration
    (function_definition
      declarator: [(function_declarator declarator: [
                     (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name)
                     (qualified_identifier name: (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name))
                     (qualified_identifier name: (qualified_identifier name: (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name)))])
                   (reference_declarator (function_declarator declarator: [
                     (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name)
                     (qualified_identifier name: (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name))]))
                   (pointer_declarator declarator: (function_declarator declarator: [
                     (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name)
                     (qualified_identifier name: (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name))]))]) @definition.method))
(function_definition
  declarator: [(function_declarator declarator: [
                 (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name)
                 (qualified_identifier name: (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name))
                 (qualified_identifier name: (qualified_identifier name: (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name)))])
               (reference_declarator (function_declarator declarator: [
                 (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name)
                 (qualified_identifier name: (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name))]))
               (pointer_declarator declarator: (function_declarator declarator: [
                 (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name)
                 (qualified_identifier name: (qualified_identifier (MISSING) name: [(identifier) (operator_name)] @name))]))]) @definition.function

; ---- out-of-line members: `Foo::Foo() {}`, `ns::Foo<T>::Foo()`, `void Foo::bar() {}` ---
; The qualified name is split at its last `::`: the prefix is the container.
; constructors: the last two segments are the same name
((function_definition
   declarator: (function_declarator declarator: (qualified_identifier) @name)
   (field_initializer_list)? @body) @definition.constructor
 (#match? @name "(^|::)([A-Za-z_][A-Za-z_0-9]*)(<.*>)?::\\2$"))
; methods (and destructors, operators): `void Foo::run() {}`, `Foo& Foo::operator=(...)`
(function_definition
  type: (_)? @type
  declarator: [
    (function_declarator declarator: (qualified_identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier) @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier) @name)))
    (reference_declarator (function_declarator declarator: (qualified_identifier) @name))
  ]) @definition.method

; ---- functions (definitions only; prototypes are not extracted) -------------------------
; `int f() {}`, `char *f() {}`, `const T& f() {}`, `bool operator<(...) {}`,
; `template <> void f<int>() {}` (named f)
(function_definition
  type: (_)? @type
  declarator: [
    (function_declarator declarator: [(identifier) @name (operator_name) @name (template_function name: (identifier) @name)])
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (operator_name)] @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: [(identifier) (operator_name)] @name)))
    (reference_declarator (function_declarator declarator: [(identifier) (operator_name)] @name))
    (attributed_declarator (function_declarator declarator: (identifier) @name))
  ]) @definition.function

; ---- type aliases ------------------------------------------------------------------------
; `using Vec = std::vector<int>;`, `template <class T> using Ptr = T*;`
(alias_declaration name: (type_identifier) @name type: (_) @type) @definition.type
; Declarator shapes of an alias: `t`, `*p_t`, `**pp_t`, `arr_t[4]`, `fn_t(int)`, `(fn_t)(int)`,
; `(*cb_t)(int)`, `*(*make_t)(void)`; `typedef int intptr_t;` (tree-sitter parses the
; standard names size_t, ssize_t, intptr_t, ... as primitive types); `&ref_t`.
; `typedef struct point {...} point_t, *point_p;` and `typedef int a_t, b_t;`: the alias is the
; declarator alone, so the struct defined in the same statement is its sibling, not its child,
; and every alias of a several-declarator typedef is kept (common shapes).
(type_definition
  type: (_ body: (_))
  declarator: [
    (type_identifier) @name
    (primitive_type) @name
    (pointer_declarator declarator: (type_identifier) @name)
    (pointer_declarator declarator: (pointer_declarator declarator: (type_identifier) @name))
    (array_declarator declarator: (type_identifier) @name)
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))
  ] @definition.type)
(type_definition
  declarator: [
    (type_identifier) @name
    (primitive_type) @name
    (pointer_declarator declarator: (type_identifier) @name)
    (pointer_declarator declarator: (pointer_declarator declarator: (type_identifier) @name))
    (array_declarator declarator: (type_identifier) @name)
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))
  ] @definition.type
  ",")
(type_definition
  ","
  declarator: [
    (type_identifier) @name
    (primitive_type) @name
    (pointer_declarator declarator: (type_identifier) @name)
    (pointer_declarator declarator: (pointer_declarator declarator: (type_identifier) @name))
    (array_declarator declarator: (type_identifier) @name)
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))
  ] @definition.type)
; `typedef unsigned long ulong;`, `typedef struct point *point_p;`, `typedef int (*cmp_fn)(int, int);`
(type_definition
  declarator: [
    (type_identifier) @name
    (primitive_type) @name
    (reference_declarator (type_identifier) @name)
    (pointer_declarator declarator: (type_identifier) @name)
    (pointer_declarator declarator: (pointer_declarator declarator: (type_identifier) @name))
    (array_declarator declarator: (type_identifier) @name)
    (function_declarator declarator: (type_identifier) @name)
    (function_declarator declarator: (parenthesized_declarator (type_identifier) @name))
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))
    (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name))))
  ]) @definition.type

; ---- data members ------------------------------------------------------------------------
; Declarator shapes of a member name: `x`, `*p`, `**pp`, `buf[8]`, `grid[2][2]`, `*items[4]`,
; `(*cb)(int)`, `*(*make)(void)`, `(*handlers[4])(int)`, `(*row)[8]`, `&owner`.
; `int x, y;`, `char *next, buf[4];`: several declarators, each one its own field (common shapes)
(field_declaration
  type: (_) @type
  declarator: [
    (field_identifier) @name
    (reference_declarator (field_identifier) @name)
    (pointer_declarator declarator: (field_identifier) @name)
    (pointer_declarator declarator: (pointer_declarator declarator: (field_identifier) @name))
    (array_declarator declarator: (field_identifier) @name)
  ] @definition.field
  ",")
(field_declaration
  type: (_) @type
  ","
  declarator: [
    (field_identifier) @name
    (reference_declarator (field_identifier) @name)
    (pointer_declarator declarator: (field_identifier) @name)
    (pointer_declarator declarator: (pointer_declarator declarator: (field_identifier) @name))
    (array_declarator declarator: (field_identifier) @name)
  ] @definition.field)
; `struct { int a; } inner;`: a member whose type has a body is the declarator alone
(field_declaration
  type: (_ body: (_))
  declarator: [
    (field_identifier) @name
    (reference_declarator (field_identifier) @name)
    (pointer_declarator declarator: (field_identifier) @name)
    (pointer_declarator declarator: (pointer_declarator declarator: (field_identifier) @name))
    (array_declarator declarator: (field_identifier) @name)
  ] @definition.field)
; `int v_ = 0;`, `static int count;`, `T* ptr;`, `Foo& owner;`, `void (*cb)(int);`, `unsigned f : 1;`
(field_declaration
  type: (_) @type
  declarator: [
    (field_identifier) @name
    (reference_declarator (field_identifier) @name)
    (pointer_declarator declarator: (field_identifier) @name)
    (pointer_declarator declarator: (pointer_declarator declarator: (field_identifier) @name))
    (array_declarator declarator: (field_identifier) @name)
    (array_declarator declarator: (array_declarator declarator: (field_identifier) @name))
    (pointer_declarator declarator: (array_declarator declarator: (field_identifier) @name))
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name)))
    (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name))))
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (array_declarator declarator: (field_identifier) @name))))
    (array_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name)))
  ]) @definition.field
; the out-of-line definition of a static data member: `int Foo::count = 0;`
(declaration
  declarator: [
    (qualified_identifier) @name
    (init_declarator declarator: (qualified_identifier) @name)
    (pointer_declarator declarator: (qualified_identifier) @name)
    (init_declarator declarator: (pointer_declarator declarator: (qualified_identifier) @name))
    (array_declarator declarator: (qualified_identifier) @name)
    (init_declarator declarator: (array_declarator declarator: (qualified_identifier) @name))
  ]) @definition.field

; ---- namespace-level variables and constants ---------------------------------------------
; (locals were claimed above; `extern` declarations are not definitions)
; Declarator shapes of a variable name, with or without an initialiser: `x`, `*p`, `**pp`,
; `buf[8]`, `grid[2][2]`, `*names[4]`, `(*handler)(int)`, `*(*make)(void)`, `(*table[4])(int)`,
; `(*row)[8]`, `&ref`. A function declarator around the name itself is a prototype: never
; matched.
; `int a, *b = 0;`: several declarators, each one its own variable (common shapes)
((declaration
   type: (_) @type
   declarator: [
     (identifier) @name
     (reference_declarator (identifier) @name)
     (pointer_declarator declarator: (identifier) @name)
     (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @name))
     (array_declarator declarator: (identifier) @name)
     (init_declarator declarator: [
       (identifier) @name
       (reference_declarator (identifier) @name)
       (pointer_declarator declarator: (identifier) @name)
       (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @name))
       (array_declarator declarator: (identifier) @name)])
   ] @definition.variable
   ",") @_decl
 (#not-match? @_decl "^extern\\b"))
((declaration
   type: (_) @type
   ","
   declarator: [
     (identifier) @name
     (reference_declarator (identifier) @name)
     (pointer_declarator declarator: (identifier) @name)
     (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @name))
     (array_declarator declarator: (identifier) @name)
     (init_declarator declarator: [
       (identifier) @name
       (reference_declarator (identifier) @name)
       (pointer_declarator declarator: (identifier) @name)
       (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @name))
       (array_declarator declarator: (identifier) @name)])
   ] @definition.variable) @_decl
 (#not-match? @_decl "^extern\\b"))
; `struct { int a; } config = {...};`: a variable whose type has a body is the declarator alone
((declaration
   type: (_ body: (_))
   declarator: [
     (identifier) @name
     (reference_declarator (identifier) @name)
     (pointer_declarator declarator: (identifier) @name)
     (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @name))
     (array_declarator declarator: (identifier) @name)
     (init_declarator declarator: [
       (identifier) @name
       (reference_declarator (identifier) @name)
       (pointer_declarator declarator: (identifier) @name)
       (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @name))
       (array_declarator declarator: (identifier) @name)])
   ] @definition.variable) @_decl
 (#not-match? @_decl "^extern\\b"))
; `constexpr int kMax = 10;`, `const char* const kName = "x";`, `static const int table[] = {...};`,
; `const Config& kDefaults = ...;` (`const char *p` is a variable: the pointer is not const)
((declaration
   (type_qualifier) @_const
   type: (_ !body) @type
   declarator: [
     (identifier) @name
     (array_declarator declarator: (identifier) @name)
     (pointer_declarator (type_qualifier) @_const2 declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
     (init_declarator declarator: [
       (identifier) @name
       (array_declarator declarator: (identifier) @name)
       (pointer_declarator (type_qualifier) @_const2 declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
       (reference_declarator (identifier) @name)])
   ]) @definition.constant
 (#any-of? @_const "const" "constexpr" "constinit")
 (#eq? @_const2 "const")
 (#not-match? @definition.constant "^extern\\b"))
; `static int counter;`, `std::vector<int> cache;`, `Foo& instance = make();`,
; `int (*handler)(int) = f;`, `auto f = [](int x) { ... };`
((declaration
   type: (_ !body) @type
   declarator: [
     (identifier) @name
     (reference_declarator (identifier) @name)
     (pointer_declarator declarator: (identifier) @name)
     (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @name))
     (array_declarator declarator: (identifier) @name)
     (array_declarator declarator: (array_declarator declarator: (identifier) @name))
     (pointer_declarator declarator: (array_declarator declarator: (identifier) @name))
     (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name)))
     (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name))))
     (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (array_declarator declarator: (identifier) @name))))
     (array_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name)))
     (init_declarator declarator: [
       (identifier) @name
       (reference_declarator (identifier) @name)
       (pointer_declarator declarator: (identifier) @name)
       (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @name))
       (array_declarator declarator: (identifier) @name)
       (array_declarator declarator: (array_declarator declarator: (identifier) @name))
       (pointer_declarator declarator: (array_declarator declarator: (identifier) @name))
       (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name)))
       (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name))))
       (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (array_declarator declarator: (identifier) @name))))
       (array_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name)))])
   ]) @definition.variable
 (#not-match? @definition.variable "^extern\\b"))

; ===================================================================== local bindings
; Parameters and locals with their declared types (`Foo* p`, `Foo& r`, `const Foo& r`,
; `std::unique_ptr<Foo> u`, `Foo f(1);`), and `auto` locals with their initialisers: they type
; the calls on those names (`p->m()`, `r.m()`). The first pattern that names a local wins.
; `auto p = std::make_unique<Foo>(..)` / `std::make_shared<Foo>(..)`: the type argument
((declaration
   type: (placeholder_type_specifier)
   declarator: (init_declarator
     declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name) (reference_declarator (identifier) @name)]
     value: (call_expression function: [
       (template_function name: (identifier) @_make arguments: (template_argument_list . (type_descriptor) @type))
       (qualified_identifier name: (template_function name: (identifier) @_make arguments: (template_argument_list . (type_descriptor) @type)))]))) @binding
 (#any-of? @_make "make_unique" "make_shared" "static_cast" "dynamic_cast" "reinterpret_cast" "const_cast"))
; `auto* p = new Foo`, `auto* p = new ns::Foo<T>(..)`: the type created
(declaration
  type: (placeholder_type_specifier)
  declarator: (init_declarator
    declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name)]
    value: (new_expression type: (_) @type))) @binding
; `auto x = Foo(..)`, `auto x = make()`, `auto& r = a.b()`
(declaration
  type: (placeholder_type_specifier)
  declarator: (init_declarator
    declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name) (reference_declarator (identifier) @name)]
    value: (_) @value)) @binding
; other `auto` locals (`auto x{..}`) and `auto` parameters of generic lambdas type nothing: they
; hide the names outside
(declaration
  type: (placeholder_type_specifier)
  declarator: [
    (identifier) @name
    (pointer_declarator declarator: (identifier) @name)
    (reference_declarator (identifier) @name)
    (init_declarator declarator: [
      (identifier) @name
      (pointer_declarator declarator: (identifier) @name)
      (reference_declarator (identifier) @name)])
  ]) @binding
(parameter_declaration
  type: (placeholder_type_specifier)
  declarator: [
    (identifier) @name
    (pointer_declarator declarator: (identifier) @name)
    (reference_declarator (identifier) @name)]) @binding
; `Foo x;`, `Foo* p = ..;`, `const Foo& r = ..;`, `Foo f(1);`
(declaration
  type: (_) @type
  declarator: [
    (identifier) @name
    (pointer_declarator declarator: (identifier) @name)
    (reference_declarator (identifier) @name)
    (init_declarator declarator: [
      (identifier) @name
      (pointer_declarator declarator: (identifier) @name)
      (reference_declarator (identifier) @name)])
  ]) @binding
; parameters (of functions and lambdas): `Foo* p`, `const Foo& r`, `Foo&& f`, `Foo f = {}`
([(parameter_declaration
    type: (_) @type
    declarator: [
      (identifier) @name
      (pointer_declarator declarator: (identifier) @name)
      (reference_declarator (identifier) @name)])
  (optional_parameter_declaration
    type: (_) @type
    declarator: [
      (identifier) @name
      (pointer_declarator declarator: (identifier) @name)
      (reference_declarator (identifier) @name)])] @binding)
; `for (Foo& x : items)` (an `auto` one types nothing: it hides the names outside)
(for_range_loop
  type: (placeholder_type_specifier)
  declarator: [
    (identifier) @name
    (reference_declarator (identifier) @name)
    (pointer_declarator declarator: (identifier) @name)]) @binding
(for_range_loop
  type: (_) @type
  declarator: [
    (identifier) @name
    (reference_declarator (identifier) @name)
    (pointer_declarator declarator: (identifier) @name)]) @binding

; ===================================================================== references

; ---- includes ----------------------------------------------------------------------------
; `#include <vector>` / `#include "a/b.h"` (the whole header: no @name)
(preproc_include path: [(string_literal) (system_lib_string)] @module) @reference.import

; ---- base classes ------------------------------------------------------------------------
; `class D : public Base, private ns::Other, public a::b::Mixin<D>` (a template base is
; qualified by its nearest scope)
(base_class_clause [(type_identifier) @name
                    (template_type name: (type_identifier) @name)
                    (qualified_identifier name: [(type_identifier) (qualified_identifier name: [(type_identifier) (qualified_identifier name: (type_identifier))])]) @name
                    (qualified_identifier scope: (_) @qualifier name: (template_type name: (type_identifier) @name))
                    (qualified_identifier name: (qualified_identifier scope: (_) @qualifier name: (template_type name: (type_identifier) @name)))]) @reference.extends

; ---- calls -------------------------------------------------------------------------------
; `f(x)`, `ns::f(x)`, `a::b::f(x)` (qualified: split at the last `::`)
(call_expression function: [(identifier)
                            (qualified_identifier name: [(identifier) (operator_name) (destructor_name)
                              (qualified_identifier name: [(identifier) (operator_name) (destructor_name)
                                (qualified_identifier name: [(identifier) (operator_name) (destructor_name)])])])] @name) @reference.call
; `f<int>(x)`, `ns::f<int>(x)`, `a::b::f<int>(x)` (qualified by the nearest scope; the casts `static_cast<T>(x)` ... are not calls)
((call_expression function: (template_function name: (identifier) @name)) @reference.call
 (#not-any-of? @name "static_cast" "dynamic_cast" "const_cast" "reinterpret_cast"))
(call_expression function: [(qualified_identifier scope: (_) @qualifier name: (template_function name: (identifier) @name))
                            (qualified_identifier name: (qualified_identifier scope: (_) @qualifier name: (template_function name: (identifier) @name)))]) @reference.call
; `obj.m()`, `p->m()`, `this->m()`, `obj.template get<T>()`
(call_expression function: (field_expression argument: (_) @qualifier
                                             field: [(field_identifier) @name
                                                     (template_method name: (_) @name)
                                                     (dependent_name (template_method name: (_) @name))
                                                     (qualified_identifier) @name])) @reference.call
; `new Foo(...)`, `new ns::Foo`, `new Foo<T>(...)`: a call to the constructor
(new_expression type: [(type_identifier) @name
                       (template_type name: (type_identifier) @name)
                       (qualified_identifier name: [(type_identifier) (qualified_identifier name: [(type_identifier) (qualified_identifier name: (type_identifier))])]) @name
                       (qualified_identifier scope: (_) @qualifier name: (template_type name: (type_identifier) @name))
                       (qualified_identifier name: (qualified_identifier scope: (_) @qualifier name: (template_type name: (type_identifier) @name)))]) @reference.call
; A constructor's initialiser `: Base(x)`, `: ns::Base<T>{x}`, `: member_(x)`: a base-class
; initialiser calls the base's constructor; a member initialiser names a field of the class (the
; resolver drops it: the member's type is not known)
(field_initializer [(field_identifier) @name
                    (template_method name: (field_identifier) @name)
                    (qualified_identifier scope: (_) @qualifier
                                          name: [(field_identifier) @name
                                                 (template_method name: (field_identifier) @name)])]
                   [(argument_list) (initializer_list)]) @reference.call

; ---- type uses ---------------------------------------------------------------------------
; a type named in a declaration, parameter, field, return type, cast, template argument, `new`:
; `T`, `std::string`, `a::b::C` (split at the last `::`), `std::vector<T>` (named vector, qualified
; by its nearest scope)
(_ type: (type_identifier) @name @reference.type)
(_ type: (qualified_identifier name: [(type_identifier) (qualified_identifier name: [(type_identifier) (qualified_identifier name: (type_identifier))])]) @name @reference.type)
(_ type: (template_type name: (type_identifier) @name) @reference.type)
(_ type: [(qualified_identifier scope: (_) @qualifier name: (template_type name: (type_identifier) @name))
          (qualified_identifier name: (qualified_identifier scope: (_) @qualifier name: (template_type name: (type_identifier) @name)))] @reference.type)
; `class Foo;`, `struct point *p`, `enum Mode m`: an elaborated type without a body
([(class_specifier !body name: (type_identifier) @name)
  (struct_specifier !body name: (type_identifier) @name)
  (union_specifier !body name: (type_identifier) @name)
  (enum_specifier !body name: (type_identifier) @name)] @reference.type)

; ---- writes ------------------------------------------------------------------------------
; `x = 1`, `ns::x = 1`, `x += 1`, and the object of `x.f = 1`, `x[i] = 1`, `x.a.b = 1`
(assignment_expression
  left: [(identifier)
         (qualified_identifier name: [(identifier) (qualified_identifier name: [(identifier) (qualified_identifier name: (identifier))])])] @name) @reference.write
(assignment_expression left: [(field_expression argument: (identifier) @name)
                              (subscript_expression argument: (identifier) @name)]) @reference.write
(assignment_expression left: [(field_expression argument: [(field_expression argument: (identifier) @name)
                                                           (subscript_expression argument: (identifier) @name)])
                              (subscript_expression argument: [(field_expression argument: (identifier) @name)
                                                               (subscript_expression argument: (identifier) @name)])]) @reference.write
; `x++`, `--x`, and the object of `x.n++`, `x[i]--`, `x.a.b++`
(update_expression
  argument: [(identifier)
             (qualified_identifier name: [(identifier) (qualified_identifier name: [(identifier) (qualified_identifier name: (identifier))])])] @name) @reference.write
(update_expression argument: [(field_expression argument: (identifier) @name)
                              (subscript_expression argument: (identifier) @name)
                              (field_expression argument: [(field_expression argument: (identifier) @name)
                                                           (subscript_expression argument: (identifier) @name)])
                              (subscript_expression argument: [(field_expression argument: (identifier) @name)
                                                               (subscript_expression argument: (identifier) @name)])]) @reference.write

; ---- reads -------------------------------------------------------------------------------
; identifiers (plain or namespace-qualified) in expression position; members after `.`/`->`
; are field_identifiers and never read. `x += 1` and `x++` read x as well as writing it.
; Where qualified globals are most often read (arguments, assignments, initialisers, operands,
; return values) up to three levels (`a::b::x`), elsewhere one (`ns::x`).
(assignment_expression
  left: [(identifier)
         (qualified_identifier name: [(identifier) (qualified_identifier name: [(identifier) (qualified_identifier name: (identifier))])])] @name
  operator: ["+=" "-=" "*=" "/=" "%=" "&=" "|=" "^=" "<<=" ">>="]) @reference.read
(update_expression
  argument: [(identifier)
             (qualified_identifier name: [(identifier) (qualified_identifier name: [(identifier) (qualified_identifier name: (identifier))])])] @name) @reference.read
(assignment_expression
  right: [(identifier)
          (qualified_identifier name: [(identifier) (qualified_identifier name: [(identifier) (qualified_identifier name: (identifier))])])] @name) @reference.read
(init_declarator
  value: [(identifier)
          (qualified_identifier name: [(identifier) (qualified_identifier name: [(identifier) (qualified_identifier name: (identifier))])])] @name) @reference.read
(binary_expression
  [left: [(identifier)
          (qualified_identifier name: [(identifier) (qualified_identifier name: [(identifier) (qualified_identifier name: (identifier))])])] @name
   right: [(identifier)
           (qualified_identifier name: [(identifier) (qualified_identifier name: [(identifier) (qualified_identifier name: (identifier))])])] @name]) @reference.read
(argument_list
  [(identifier)
   (qualified_identifier name: [(identifier) (qualified_identifier name: [(identifier) (qualified_identifier name: (identifier))])])] @name) @reference.read
(return_statement
  [(identifier)
   (qualified_identifier name: [(identifier) (qualified_identifier name: [(identifier) (qualified_identifier name: (identifier))])])] @name) @reference.read
(unary_expression argument: [(identifier) (qualified_identifier name: (identifier))] @name) @reference.read
(pointer_expression argument: [(identifier) (qualified_identifier name: (identifier))] @name) @reference.read
(conditional_expression [condition: [(identifier) (qualified_identifier name: (identifier))] @name
                         consequence: [(identifier) (qualified_identifier name: (identifier))] @name
                         alternative: [(identifier) (qualified_identifier name: (identifier))] @name]) @reference.read
(parenthesized_expression [(identifier) (qualified_identifier name: (identifier))] @name) @reference.read
(expression_statement (identifier) @name) @reference.read
(comma_expression [left: (identifier) @name right: (identifier) @name]) @reference.read
(subscript_expression argument: [(identifier) (qualified_identifier name: (identifier))] @name) @reference.read
(subscript_argument_list (identifier) @name) @reference.read
(field_expression argument: [(identifier) (qualified_identifier name: (identifier))] @name) @reference.read
(cast_expression value: (identifier) @name) @reference.read
(sizeof_expression value: (identifier) @name) @reference.read
(initializer_list [(identifier) (qualified_identifier name: (identifier))] @name) @reference.read
(initializer_pair value: (identifier) @name) @reference.read
(field_declaration default_value: [(identifier) (qualified_identifier name: (identifier))] @name) @reference.read
(optional_parameter_declaration default_value: [(identifier) (qualified_identifier name: (identifier))] @name) @reference.read
(case_statement value: [(identifier) (qualified_identifier name: (identifier))] @name) @reference.read
(condition_clause value: (identifier) @name) @reference.read
(for_range_loop right: [(identifier) (qualified_identifier name: (identifier))] @name) @reference.read
(lambda_capture_specifier (identifier) @name) @reference.read
(throw_statement (identifier) @name) @reference.read
(delete_expression (identifier) @name) @reference.read

; ===================================================================== complexity

; decision points: if / else if, loops, case arms (not `default:`), catch, ternaries, && and ||
(if_statement) @branch
(for_statement) @branch
(for_range_loop) @branch
(while_statement) @branch
(do_statement) @branch
(case_statement value: (_)) @branch
(catch_clause) @branch
(conditional_expression) @branch
(binary_expression operator: ["&&" "||" "and" "or"]) @branch
