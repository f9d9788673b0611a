"""Names every TypeScript/JavaScript file can use without an import: the ECMAScript standard
library, the TypeScript utility types, Node's and the browser's common globals, and the
language's keywords (often marked as code in JSDoc). Resolution reads them as builtins, the
name rules as known names.
"""

from __future__ import annotations

TS_LANGUAGES = frozenset({"typescript", "javascript"})

ERROR_CLASSES = frozenset(
    "Error TypeError RangeError SyntaxError ReferenceError EvalError URIError AggregateError "
    "DOMException AbortError".split()
)

TS_GLOBALS = ERROR_CLASSES | frozenset(
    # ECMAScript
    """globalThis Infinity NaN undefined eval isFinite isNaN parseFloat parseInt decodeURI
    decodeURIComponent encodeURI encodeURIComponent escape unescape Object Function Boolean Symbol
    Number BigInt Math Date String RegExp Array Int8Array Uint8Array Uint8ClampedArray Int16Array
    Uint16Array Int32Array Uint32Array Float32Array Float64Array BigInt64Array BigUint64Array Map
    Set WeakMap WeakSet WeakRef FinalizationRegistry ArrayBuffer SharedArrayBuffer Atomics DataView
    JSON Promise Proxy Reflect Intl Iterator AsyncIterator Generator AsyncGenerator
    GeneratorFunction AsyncFunction Iterable AsyncIterable IterableIterator AsyncIterableIterator
    PromiseLike ArrayLike ReadonlyArray ReadonlyMap ReadonlySet PropertyKey PropertyDescriptor
    TemplateStringsArray ThisType
    """
    # TypeScript utility and primitive types
    """Partial Required Readonly Record Pick Omit Exclude Extract NonNullable Parameters
    ConstructorParameters ReturnType InstanceType ThisParameterType OmitThisParameter Awaited
    Uppercase Lowercase Capitalize Uncapitalize NoInfer string number boolean bigint symbol object
    any unknown never void null true false this super arguments
    """
    # Node.js and browser globals
    """console process Buffer require module exports __dirname __filename global setTimeout
    clearTimeout setInterval clearInterval setImmediate clearImmediate queueMicrotask
    structuredClone fetch Request Response Headers URL URLSearchParams FormData Blob File
    FileReader TextEncoder TextDecoder AbortController AbortSignal Event EventTarget CustomEvent
    window document navigator location history localStorage sessionStorage performance crypto
    atob btoa alert confirm prompt Element HTMLElement Node NodeList Document Window
    XMLHttpRequest WebSocket Worker MessageChannel MessagePort ReadableStream WritableStream
    TransformStream NodeJS
    """
    # keywords
    """abstract as async await break case catch class const constructor continue debugger declare
    default delete do else enum export extends finally for from function get if implements import
    in infer instanceof interface is keyof let namespace new of package private protected public
    readonly return satisfies set static switch throw try type typeof var while with yield
    """.split()
)
