; Coarse captures for the TypeScript/JavaScript extractor (docfact/index/typescript.py), valid
; in both grammars. javascript_only.scm and typescript.scm add what only one grammar has.

(class_declaration) @class
(function_declaration) @def
(generator_function_declaration) @def
(method_definition) @def
(variable_declarator value: [(arrow_function) (function_expression) (generator_function)]) @def
(export_statement value: [(arrow_function) (function_expression) (generator_function)]) @def
(export_statement value: (class) @class)
(assignment_expression
  left: (member_expression)
  right: [(arrow_function) (function_expression) (generator_function)]) @def

(call_expression) @call
(new_expression) @new
(throw_statement) @raise
(catch_clause) @except
(return_statement) @return
(yield_expression) @yield
(subscript_expression) @subscript

(import_statement) @import
(export_statement) @export

(assignment_expression left: (_) @assign)
(variable_declarator name: (identifier) @local)

(string_fragment) @strc
(comment) @comment
