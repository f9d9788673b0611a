; Coarse captures for the Python extractor: one QueryCursor pass per file.
; Capture names are read by docfact/index/python.py; details are read from the nodes.

(function_definition) @def
(class_definition) @class

(call function: [(identifier) (attribute)] @call)
(raise_statement) @raise
(except_clause) @except
(return_statement) @return
(yield) @yield
(subscript) @subscript

(import_statement) @import
(import_from_statement) @import
(future_import_statement) @import

(assignment left: (_) @assign)
(augmented_assignment left: (_) @assign)
(for_statement left: (_) @assign)
(for_in_clause left: (_) @assign)
(with_item value: (as_pattern alias: (as_pattern_target (_) @assign)))
(named_expression name: (identifier) @assign)

(string_content) @strc
(comment) @comment
