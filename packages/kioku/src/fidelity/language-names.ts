/**
 * Names a programming or query language gives every program — Python's builtins, exceptions, warnings and
 * special methods, JavaScript's error and global classes, the usual names of encodings, numeric types and
 * hashes — that an agent writes without reading them anywhere: a tool output holding one is no evidence
 * the agent took it from there.
 */
export const languageNames: ReadonlySet<string> = new Set([
  // Python exceptions and warnings
  ...(
    'BaseException Exception ArithmeticError AssertionError AttributeError BlockingIOError BrokenPipeError ' +
    'BufferError ChildProcessError ConnectionError ConnectionRefusedError ConnectionResetError EOFError ' +
    'FileExistsError FileNotFoundError FloatingPointError GeneratorExit ImportError IndentationError IndexError ' +
    'InterruptedError IsADirectoryError KeyError KeyboardInterrupt LookupError MemoryError ModuleNotFoundError ' +
    'NameError NotADirectoryError NotImplemented NotImplementedError OSError OverflowError PermissionError ' +
    'ProcessLookupError RecursionError ReferenceError RuntimeError StopAsyncIteration StopIteration SyntaxError ' +
    'SystemError SystemExit TabError TimeoutError TypeError UnboundLocalError UnicodeDecodeError ' +
    'UnicodeEncodeError UnicodeError ValueError ZeroDivisionError Warning UserWarning DeprecationWarning ' +
    'PendingDeprecationWarning FutureWarning RuntimeWarning SyntaxWarning ImportWarning UnicodeWarning ' +
    'BytesWarning ResourceWarning EncodingWarning ExceptionGroup BaseExceptionGroup'
  ).split(' '),
  // Python builtin functions and constants that read as identifiers
  ...'isinstance issubclass staticmethod classmethod frozenset bytearray memoryview __import__ __debug__'.split(
    ' ',
  ),
  // Python special names and methods
  ...(
    '__init__ __new__ __del__ __repr__ __str__ __bytes__ __format__ __hash__ __bool__ __eq__ __ne__ __lt__ ' +
    '__le__ __gt__ __ge__ __getattr__ __getattribute__ __setattr__ __delattr__ __dir__ __get__ __set__ ' +
    '__delete__ __call__ __len__ __getitem__ __setitem__ __delitem__ __iter__ __next__ __reversed__ ' +
    '__contains__ __enter__ __exit__ __add__ __sub__ __mul__ __truediv__ __floordiv__ __mod__ __pow__ ' +
    '__name__ __main__ __file__ __doc__ __dict__ __class__ __module__ __qualname__ __all__ __slots__ ' +
    '__version__ __path__ __package__ __spec__ __annotations__ __builtins__ __mro__ __subclasses__ ' +
    '__init_subclass__ __class_getitem__ __post_init__ __await__ __aiter__ __anext__ __aenter__ __aexit__'
  ).split(' '),
  // JavaScript and TypeScript
  ...(
    'EvalError RangeError SyntaxError URIError AggregateError ArrayBuffer SharedArrayBuffer DataView ' +
    'Int8Array Uint8Array Uint8ClampedArray Int16Array Uint16Array Int32Array Uint32Array Float32Array ' +
    'Float64Array BigInt64Array BigUint64Array WeakMap WeakSet WeakRef FinalizationRegistry globalThis ' +
    'encodeURIComponent decodeURIComponent encodeURI decodeURI parseInt parseFloat isNaN isFinite ' +
    'setTimeout clearTimeout setInterval clearInterval queueMicrotask structuredClone NaN Infinity'
  ).split(' '),
  // encodings, numeric types, hashes, architectures
  ...(
    'utf-8 UTF-8 utf8 utf-16 utf-32 latin-1 latin1 iso-8859-1 base64 int8 int16 int32 int64 uint8 uint16 ' +
    'uint32 uint64 float16 float32 float64 complex64 complex128 sha1 sha256 sha384 sha512 x86_64 amd64 ' +
    'arm64 aarch64'
  ).split(' '),
]);
